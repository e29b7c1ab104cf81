import { COMPARATIVE_CONCEPTS } from "../parse/lexicon";
import { contextWords as contentWords, wordsMeet } from "../vocab";
import type { RangeColumn } from "../range-parsing";

/** Words that introduce a name: "named X", "called X", "titled X". */
const NAMING = new Set(["named", "called", "titled", "name", "title"]);
const ID_WORDS = new Set(["id", "ids", "identifier", "code", "number", "no", "key"]);

/** Is the column's type one that numbers compare against? */
export function isNumeric(c: RangeColumn): boolean {
  return c.type === "integer" || c.type === "real" || c.numericText;
}

/** Is the column a date, or a number that holds years? */
export function isDateLike(c: RangeColumn): boolean {
  return c.type === "date" || c.words.some((w) => ["year", "date", "time", "day"].includes(w));
}

/** How well context words name a column: own-name words count fully, comparative concepts almost. */
export function contextScore(context: string, c: RangeColumn): number {
  const words = contentWords(context);
  let best = 0;
  words.forEach((w, i) => {
    // Nearer words (the end of the context) count more: "weight is heavier than" → weight.
    const near = 0.7 + (0.3 * (i + 1)) / words.length;
    if (c.own.some((o) => wordsMeet(w, o))) best = Math.max(best, near);
    const concept = COMPARATIVE_CONCEPTS[w];
    if (concept && c.words.some((cw) => concept.some((x) => wordsMeet(x, cw)))) best = Math.max(best, 0.9 * near);
  });
  return best;
}

/**
 * The column a number, date or name should constrain: the best context match among the
 * candidates, else — when exactly one candidate is a plausible measure — that one.
 */
export function pickColumn(
  context: string,
  candidates: RangeColumn[],
  naming = false,
  noFallback = false,
): RangeColumn | null {
  let best: RangeColumn | null = null;
  let bestScore = 0;
  const idWords = contentWords(context).some((w) => ID_WORDS.has(w));
  for (const c of candidates) {
    // A key column is only named by its identifier ("student id 5"), not by its entity alone.
    if (c.keyLike && !idWords && !naming) continue;
    let s = contextScore(context, c);
    if (
      naming &&
      contentWords(context).some((w) => NAMING.has(w)) &&
      c.words.some((w) => w === "name" || w === "title")
    )
      s = Math.max(s, 0.8);
    if (s > bestScore) {
      best = c;
      bestScore = s;
    }
  }
  if (best || noFallback) return best;
  const plain = candidates.filter((c) => !c.keyLike);
  return plain.length === 1 ? plain[0] : null;
}
