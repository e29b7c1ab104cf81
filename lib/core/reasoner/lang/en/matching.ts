// English words that carry no meaning when names and phrases are matched (retrieval/vocab.ts, schema-docs.ts).

export const FUNCTION_WORDS = new Set(
  (
    "the a an of in on at to for from by with and or is are was were be been that which who whom whose what where " +
    "when how than then this these those it its their his her has have had do does did"
  ).split(" "),
);

/** Column words of a key. */
export const KEY_WORDS = new Set(["identifier", "id", "code", "key", "number", "no"]);
