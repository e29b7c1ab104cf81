import Qty from "js-quantities";
import { UNIT_WORDS, MAGNITUDES } from "../../lang/en/quantities";
/**
 * Quantities as people write them: a magnitude ("100k", "$200 million", "2.5bn") and a unit ("three
 * hours", "5.5 kg", "90°F", "an inch"), so a number can be compared with a column kept in another
 * unit (minutes, grams, millimetres, Celsius). Units are grouped by dimension (js-quantities' kinds);
 * converting between two units of one dimension is js-quantities' conversion, across dimensions
 * impossible.
 */

type Dimension = "time" | "mass" | "length" | "temperature" | "percent" | "volume" | "area" | "speed";
export type Unit = { id: string; dimension: Dimension };

/** A unit id as js-quantities names it (temperatures are tempC/tempF there; "day" is d). */
const QTY_NAMES: Record<string, string> = { degC: "tempC", degF: "tempF", percent: "percent" };

/** js-quantities' kind of a unit, as a dimension, or null when it is not one of ours. */
function dimensionOf(id: string): Dimension | null {
  if (id === "percent") return "percent";
  try {
    const kind = Qty(`1 ${QTY_NAMES[id] ?? id}`).kind();
    return (
      (["time", "mass", "length", "temperature", "volume", "area", "speed"] as const).find((d) => d === kind) ?? null
    );
  } catch {
    return null;
  }
}

/** The unit a word stands for, or null. */
export function unitOf(word: string): Unit | null {
  const key = word.toLowerCase();
  const id = Object.hasOwn(UNIT_WORDS, key) ? UNIT_WORDS[key] : undefined;
  return id ? unitById(id) : null;
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

/** Converts a value from one unit to another of the same dimension (js-quantities); null across dimensions. */
export function convert(value: number, from: Unit, to: Unit): number | null {
  if (from.dimension !== to.dimension) return null;
  if (from.id === to.id) return value;
  if (from.dimension === "percent") return null;
  try {
    const v = Qty(value, QTY_NAMES[from.id] ?? from.id).to(QTY_NAMES[to.id] ?? to.id).scalar;
    return Math.round(v * 1e9) / 1e9;
  } catch {
    return null;
  }
}

/** A unit by id. */
export function unitById(id: string): Unit | null {
  const dimension = dimensionOf(id);
  return dimension ? { id, dimension } : null;
}
