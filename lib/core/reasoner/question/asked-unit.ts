import { columnUnit, convert, unitById, unitOf, type Unit } from "./parse/quantities";
import type { AnswerColumn } from "../answer/input";
import { ASKED_UNIT } from "../lang/en/values";

/**
 * The unit the question asks its answer in ("… in kilograms?", "… in hours"), or null. Only a
 * unit word of two letters or more after "in" counts: "in 2005", "in Texas" and "in m" say nothing.
 */
export function askedUnit(question: string): Unit | null {
  return askedUnits(question)[0] ?? null;
}

/** Every unit the question asks in ("in kilograms"), in order: what askedUnit reads, all of them. */
export function askedUnits(question: string): Unit[] {
  return [...question.toLowerCase().matchAll(ASKED_UNIT)]
    .map((m) => unitOf(m[1]))
    .filter((u): u is Unit => !!u && u.dimension !== "percent");
}

/**
 * A column's value expression in the asked unit, when its name says another unit of the same
 * dimension ("body_mass_g" asked in kilograms → value / 1000); null when nothing converts.
 */
export function inAskedUnit(expr: string, column: AnswerColumn, asked: Unit | null): string | null {
  if (!asked) return null;
  // The semantic model's unit first (a user's edit included), else the one the column's name says.
  const from = (column.unit?.unit ? unitById(column.unit.unit) : null) ?? columnUnit(column.words);
  if (!from || from.dimension !== asked.dimension || from.id === asked.id) return null;
  if (from.dimension === "temperature")
    return from.id === "degC" ? `((${expr}) * 9.0 / 5 + 32)` : `(((${expr}) - 32) * 5.0 / 9)`;
  const factor = convert(1, from, asked);
  return factor === null ? null : `((${expr}) * ${factor})`;
}
