import { stem } from "./stem";

/**
 * Word groups that mean the same thing in table questions and schema names. The first word of a
 * group is its key. Kept small and conservative: a wrong synonym costs more than a missing one,
 * because the encoder and the reasoner both lean on it.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["amount", "total", "sum"],
  ["count", "number", "quantity", "qty", "tally", "num"],
  ["average", "mean", "avg"],
  ["maximum", "max", "highest", "largest", "biggest", "greatest", "top", "most"],
  ["minimum", "min", "lowest", "smallest", "least", "fewest"],
  ["percent", "percentage", "pct", "proportion", "share", "rate", "ratio"],
  ["identifier", "id", "key", "code"],
  ["name", "title", "label"],
  ["type", "kind", "category", "genre"],
  ["description", "desc", "detail", "note", "comment", "remark"],
  ["date", "day", "time", "timestamp", "when"],
  ["year", "yr"],
  ["city", "town", "municipality"],
  ["state", "province"],
  ["country", "nation"],
  ["region", "area", "zone", "territory"],
  ["address", "street", "location"],
  ["zip", "postcode", "postal"],
  ["phone", "telephone", "tel", "mobile"],
  ["email", "mail"],
  ["student", "pupil", "learner"],
  ["teacher", "instructor", "faculty", "lecturer"],
  ["school", "academy"],
  ["enrollment", "enrolment", "enroll", "registration"],
  ["score", "grade", "mark", "point", "result"],
  ["salary", "wage", "pay", "income", "earning", "compensation"],
  ["price", "cost", "fee", "charge", "fare"],
  ["revenue", "sales", "turnover"],
  ["customer", "client", "buyer", "purchaser"],
  ["employee", "staff", "worker", "personnel"],
  ["manager", "supervisor", "boss", "head"],
  ["company", "firm", "business", "corporation", "organization", "organisation", "org"],
  ["gender", "sex"],
  ["birth", "born", "dob"],
  ["start", "begin", "open", "opening", "commence"],
  ["end", "finish", "close", "closing"],
  ["population", "inhabitant", "resident"],
  ["size", "capacity", "volume"],
  ["age", "old"],
  ["film", "movie"],
  ["car", "vehicle", "automobile", "auto"],
  ["doctor", "physician"],
  ["job", "occupation", "profession", "role"],
  ["product", "item", "article"],
  ["owner", "proprietor"],
  ["athlete", "player"],
  ["match", "game"],
  ["win", "victory"],
  ["loss", "defeat"],
];

const KEY_BY_STEM = new Map<string, string>();
const GROUP_BY_KEY = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) {
  GROUP_BY_KEY.set(group[0], group);
  for (const w of group) if (!KEY_BY_STEM.has(stem(w))) KEY_BY_STEM.set(stem(w), group[0]);
}

/** The group key of a word ("total" -> "amount"), or null when the word is in no group. */
export function synonymKey(word: string): string | null {
  return KEY_BY_STEM.get(stem(word.toLowerCase())) ?? null;
}

/** The group key of an already stemmed lowercase word; the encoder's fast path. */
export function synonymKeyOfStem(stemmed: string): string | null {
  return KEY_BY_STEM.get(stemmed) ?? null;
}

/** All words of the word's synonym group (including itself), or just the word. */
export function synonymsOf(word: string): readonly string[] {
  const key = synonymKey(word);
  return key ? GROUP_BY_KEY.get(key)! : [word.toLowerCase()];
}

/** True when two words are equal after stemming or share a synonym group. */
export function areSynonyms(a: string, b: string): boolean {
  if (stem(a.toLowerCase()) === stem(b.toLowerCase())) return true;
  const ka = synonymKey(a);
  return ka !== null && ka === synonymKey(b);
}
