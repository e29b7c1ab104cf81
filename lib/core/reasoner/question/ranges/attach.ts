import { COMPARATIVE_CONCEPTS } from "../../lang/en/lexicon";
import { contextWords as contentWords, wordsMeet } from "../../../retrieval/vocab";
import type { RangeColumn } from "./step";
import { columnUnit, convert, unitById } from "../parse/quantities";
import { splitIdentifier } from "../../../text/tokenize";
import { NAMING, ID_WORDS, TIME_WORDS } from "../../lang/en/values";
import { holdsDates, timeStorageOf } from "../time/storage";

/**
 * The unit a column is kept in: the semantic model's (a user's edit, or read from the name or the
 * values at index time), else what its header names: its own parts first ("running_time_min"), then
 * its expanded words.
 */
function unitOfColumn(c: RangeColumn) {
  const modelled = c.unit?.unit ? unitById(c.unit.unit) : null;
  return modelled ?? columnUnit(splitIdentifier(c.name).map((w) => w.toLowerCase())) ?? columnUnit(c.words);
}

/**
 * A number written in one unit, read in the column's: by the unit its name says ("running_time_min"),
 * else, for temperatures and percentages, by its values (a column whose highest value is 40 holds
 * Celsius; one whose values stay within 0–1 holds fractions). Null when the units cannot be reconciled;
 * the number as written when nothing says the column's unit.
 */
export function inColumnUnit(
  value: number,
  unit: string | undefined,
  c: RangeColumn,
): { value: number; note?: string } {
  const from = unit ? unitById(unit) : null;
  if (!from) return { value };
  const to = unitOfColumn(c);
  if (to) {
    const v = convert(value, from, to);
    return v === null || to.id === from.id ? { value } : { value: v, note: `${value} ${from.id} = ${v} ${to.id}` };
  }
  if (from.dimension === "percent" && c.max !== undefined && c.max !== null && c.max <= 1)
    return { value: value / 100, note: `${value}% = ${value / 100}` };
  if (from.dimension === "temperature" && typeof c.max === "number") {
    const kept = c.max <= 60 ? unitById("degC")! : unitById("degF")!;
    const v = convert(value, from, kept);
    if (v !== null && kept.id !== from.id)
      return {
        value: Math.round(v * 100) / 100,
        note: `${value}°${from.id.slice(3)} ≈ ${Math.round(v * 100) / 100}°${kept.id.slice(3)}`,
      };
  }
  return { value };
}

/** Is the column's type one that numbers compare against? */
export function isNumeric(c: RangeColumn): boolean {
  return c.type === "integer" || c.type === "real" || c.numericText;
}

/** Is the column a date, or a number that holds years? */
export function isDateLike(c: RangeColumn): boolean {
  if (c.dateFormat || c.type === "date" || (c.type === "text" && holdsDates(c))) return true;
  const timeWord = c.words.some((w) => TIME_WORDS.includes(w));
  // A number is a date only as a year: "running time (min)" is a duration, whatever its name says.
  if (isNumeric(c)) return timeStorageOf(c)?.kind === "year-number";
  return timeWord || c.words.includes("year");
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
  unit: string | null = null,
): RangeColumn | null {
  const wanted = unit ? unitById(unit) : null;
  let best: RangeColumn | null = null;
  let bestScore = 0;
  const idWords = contentWords(context).some((w) => ID_WORDS.has(w));
  for (const c of candidates) {
    // A key column is only named by its identifier ("student id 5"), not by its entity alone.
    if (c.keyLike && !idWords && !naming) continue;
    let s = contextScore(context, c);
    // "5.5 kg" goes to the column kept in grams sooner than to one kept in millimetres.
    const kept = wanted ? unitOfColumn(c) : null;
    if (wanted && kept) s = kept.dimension === wanted.dimension ? Math.max(s, 0.6) + 0.2 : s * 0.5;
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
