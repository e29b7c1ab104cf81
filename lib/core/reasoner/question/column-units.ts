import { splitIdentifier } from "../../text/tokenize";
import { ASKED_SCALE, DIMENSION_WORDS, MAGNITUDES, NAME_SCALES } from "../lang/en/quantities";
import { columnUnit, unitById, type Unit } from "./parse/quantities";

/**
 * What unit and scale a column's numbers are kept in: the semantic model's unit when the step input
 * carries one ("min", scale 1000 for "in thousands"), else what the column's name says ("running_time_min",
 * "body_mass_g", "carat", "population_thousands", "amount_cents"). The question's numbers are
 * converted into it (ranges/attach.ts) and the answer out of it (render.ts).
 */

/** The part of a step column the unit is read from. */
export type UnitColumn = { name: string; words: readonly string[]; unit?: { unit: string; scale: number } };

/** The column's unit, or null when nothing says it. */
export function unitOfColumn(c: UnitColumn): Unit | null {
  const modelled = c.unit ? unitById(c.unit.unit) : null;
  if (modelled) return modelled;
  return columnUnit(splitIdentifier(c.name).map((w) => w.toLowerCase())) ?? columnUnit(c.words);
}

/** The factor the stored numbers carry (1000 for a column "in thousands", 0.01 for cents); 1 by default. */
export function scaleOfColumn(c: UnitColumn): number {
  if (c.unit && c.unit.scale !== 1) return c.unit.scale;
  const parts = splitIdentifier(c.name).map((w) => w.toLowerCase());
  // A scale word ends the name or follows "in" ("sales_in_millions", "pop_thousands"), never starts it.
  for (let i = parts.length - 1; i >= 1; i--) {
    const scale = Object.hasOwn(NAME_SCALES, parts[i]) ? NAME_SCALES[parts[i]] : null;
    if (scale && (i === parts.length - 1 || parts[i - 1] === "in")) return scale;
  }
  return 1;
}

/** How well a phrase names a column by the dimension of its unit ("weight" → a column kept in carats): 0 or 0.75. */
export function dimensionMatch(phrase: string, c: UnitColumn): number {
  const words = phrase.toLowerCase().split(/[^a-z]+/);
  const wanted = words.map((w) => (Object.hasOwn(DIMENSION_WORDS, w) ? DIMENSION_WORDS[w] : null)).find(Boolean);
  if (!wanted) return 0;
  return unitOfColumn(c)?.dimension === wanted ? 0.75 : 0;
}

/** The scale the question asks its answer in ("in millions of dollars" → 1e6), or null. */
export function askedScale(question: string): number | null {
  const m = ASKED_SCALE.exec(question.toLowerCase());
  if (!m) return null;
  const word = m[1].replace(/s$/, "");
  return Object.hasOwn(MAGNITUDES, word) ? MAGNITUDES[word] : null;
}
