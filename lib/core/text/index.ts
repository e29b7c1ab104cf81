/**
 * Text utilities shared by the offline index and the local reasoner: normalisation, identifier
 * splitting and abbreviation expansion, stemming, synonyms, and the text-encoder port with its
 * weight-free hashed default.
 */
export type { TextEncoder } from "./encoder";
export { cosine, dot } from "./encoder";
export { createHashedEncoder } from "./hashed-encoder";
export { normalizeText } from "./normalize";
export { loadEnglishLexicon, type WordPredicate } from "./lexicon";
export { stem } from "./stem";
export { initialsOf } from "./acronym";
