/**
 * Function words masked out of query token sets: in a MaxSim sum every query token adds its best
 * match, and "the", "of", "which" match everything equally, so they only add noise (ColBERT masks
 * punctuation for the same reason).
 */
const STOPWORDS = new Set(
  (
    "a an the of in on at to for from by with and or but as is are was were be been being this that these those " +
    "which who whom whose " +
    "what when where why how did does do has have had it its his her their they them he she i you we our your " +
    "there than then " +
    "also she it its this into over under about after before between during not no s one"
  ).split(" "),
);

/** Whether a normalised word carries no content for retrieval. */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}
