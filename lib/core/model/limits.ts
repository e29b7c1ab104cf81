/**
 * Limits that several layers enforce (the API refuses, the form warns, the core cuts): declared
 * once so they cannot drift apart.
 */

/** Longest question read, in characters: the ask API refuses longer ones, a method cuts them. */
export const MAX_QUESTION_CHARS = 2000;
