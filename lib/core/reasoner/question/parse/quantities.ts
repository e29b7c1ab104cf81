import { UNIT_WORDS, MAGNITUDES } from "../../lang/en/quantities";
/**
 * Quantities as people write them: a magnitude ("100k", "$200 million", "2.5bn") and a unit ("three
 * hours", "5.5 kg", "90°F", "an inch"), so a number can be compared with a column kept in another
 * unit (minutes, grams, millimetres, Celsius). Units are grouped by dimension; converting between
 * two units of one dimension is exact, across dimensions impossible.
 */

export type Dimension = "time" | "mass" | "length" | "temperature" | "percent";
export type Unit = { id: string; dimension: Dimension };

/** Units: factor to the dimension's base unit (seconds, grams, metres; temperatures convert apart). */
const UNITS: Record<string, { dimension: Dimension; factor: number }> = {
  ms: { dimension: "time", factor: 0.001 },
  s: { dimension: "time", factor: 1 },
  min: { dimension: "time", factor: 60 },
  h: { dimension: "time", factor: 3600 },
  day: { dimension: "time", factor: 86400 },
  week: { dimension: "time", factor: 604800 },
  mg: { dimension: "mass", factor: 0.001 },
  g: { dimension: "mass", factor: 1 },
  kg: { dimension: "mass", factor: 1000 },
  t: { dimension: "mass", factor: 1e6 },
  oz: { dimension: "mass", factor: 28.349523125 },
  lb: { dimension: "mass", factor: 453.59237 },
  mm: { dimension: "length", factor: 0.001 },
  cm: { dimension: "length", factor: 0.01 },
  m: { dimension: "length", factor: 1 },
  km: { dimension: "length", factor: 1000 },
  in: { dimension: "length", factor: 0.0254 },
  ft: { dimension: "length", factor: 0.3048 },
  mi: { dimension: "length", factor: 1609.344 },
  degC: { dimension: "temperature", factor: 1 },
  degF: { dimension: "temperature", factor: 1 },
  percent: { dimension: "percent", factor: 1 },
};

/** The unit a word stands for, or null. */
export function unitOf(word: string): Unit | null {
  const key = word.toLowerCase();
  const id = Object.hasOwn(UNIT_WORDS, key) ? UNIT_WORDS[key] : undefined;
  return id ? { id, dimension: UNITS[id].dimension } : null;
}

/** A magnitude word or suffix's factor ("million" → 1e6, "k" → 1e3), or null. */
export function magnitudeOf(word: string): number | null {
  const key = word.toLowerCase();
  return Object.hasOwn(MAGNITUDES, key) ? MAGNITUDES[key] : null;
}

/** "100k", "2.5m", "1.2bn" as a number, or null. */
export function suffixedNumber(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(k|m|mn|b|bn)$/i.exec(text.replace(/,/g, ""));
  return m ? Number(m[1]) * MAGNITUDES[m[2].toLowerCase()] : null;
}

/**
 * The unit a column's name says its values are in ("running_time_min", "body_mass_g",
 * "Milliseconds", "flipper length (mm)"), from its last words; null when the name names none.
 * Single letters count only as the name's last word after another ("mass g", not "g").
 */
export function columnUnit(nameWords: readonly string[]): Unit | null {
  const words = nameWords.map((w) => w.toLowerCase());
  for (let i = words.length - 1; i >= 0 && i >= words.length - 2; i--) {
    const w = words[i];
    if (w.length === 1 && (i === 0 || i !== words.length - 1)) continue;
    if (["in", "m", "s", "t", "c", "f"].includes(w) && words.length < 2) continue;
    const u = unitOf(w);
    if (u) return u;
  }
  return null;
}

/** Converts a value from one unit to another of the same dimension; null across dimensions. */
export function convert(value: number, from: Unit, to: Unit): number | null {
  if (from.dimension !== to.dimension) return null;
  if (from.id === to.id) return value;
  if (from.dimension === "temperature") return from.id === "degF" ? ((value - 32) * 5) / 9 : (value * 9) / 5 + 32;
  const v = (value * UNITS[from.id].factor) / UNITS[to.id].factor;
  return Math.round(v * 1e9) / 1e9;
}

/** A unit by id. */
export function unitById(id: string): Unit | null {
  return Object.hasOwn(UNITS, id) ? { id, dimension: UNITS[id].dimension } : null;
}
