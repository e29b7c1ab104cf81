import type { Measure, MeasureUnit } from "../../model/semantic-model";
import { UNIT_WORDS } from "../../reasoner/lang/en/quantities";
import {
  AVERAGED_WORDS,
  CENT_WORDS,
  CURRENCY_WORDS,
  DURATION_WORDS,
  MONEY_WORDS,
  NAME_MAGNITUDES,
  SHORT_UNITS,
  UNAGGREGATED_WORDS,
} from "../../reasoner/lang/en/semantic";
import type { ColumnView } from "./input";
import { nameTokens } from "./names";

/**
 * A quantity column as a measure (MetricFlow's measure with its `agg`, Cube's measure type): its unit
 * and scale from the name ("duration_min", "price_usd", "population_thousands", "amount_cents") or,
 * for a span of time named without a unit, from the size of its values (a film's "length" of 90–180
 * is minutes); and how it aggregates (amounts and counts add up, prices and rates average,
 * coordinates do neither).
 */

type UnitGuess = { unit: MeasureUnit; confidence: number; why: string };

/** The unit and scale a column's name writes. `siblings` are the other column names of its table. */
function unitFromName(c: ColumnView, siblings: readonly string[]): UnitGuess | null {
  const tokens = nameTokens(c.name);
  let scale = 1;
  let unit: string | null = null;
  let why: string[] = [];

  // "temp_min" beside "temp_max" is a minimum; "duration_min", "reading_min" are minutes.
  const others = new Set(siblings.map((n) => nameTokens(n).join(" ")));
  const minimum = (t: string) => t === "min" && others.has(tokens.map((x) => (x === "min" ? "max" : x)).join(" "));
  tokens.forEach((t, i) => {
    const last = i === tokens.length - 1;
    if (Object.hasOwn(NAME_MAGNITUDES, t) && (t.length > 1 || last) && i > 0) {
      scale *= NAME_MAGNITUDES[t];
      why.push(`"${t}"`);
    } else if (CENT_WORDS.has(t) && i > 0) {
      unit ??= "cent";
      scale *= 0.01;
      why.push(`"${t}"`);
    } else if (Object.hasOwn(CURRENCY_WORDS, t) && (i > 0 || tokens.length === 1)) {
      unit = CURRENCY_WORDS[t];
      why.push(`"${t}"`);
    } else if (Object.hasOwn(UNIT_WORDS, t) && i > 0 && (!SHORT_UNITS.has(t) || last) && t !== "day" && !minimum(t)) {
      unit ??= UNIT_WORDS[t];
      why.push(`"${t}"`);
    }
  });
  if (tokens.includes("%")) [unit, why] = ["percent", [...why, '"%"']];
  if (!unit && scale === 1) return null;
  return { unit: { unit: unit ?? "", scale }, confidence: 0.85, why: `the name says ${why.join(", ")}` };
}

/**
 * A span of time named without a unit, judged by its values: minutes for 20–400, seconds for
 * 1,000–20,000, hours under 10.
 */
function durationFromValues(c: ColumnView): UnitGuess | null {
  if (!c.words.some((w) => DURATION_WORDS.has(w)) || c.words.includes("date")) return null;
  const mean = c.profile?.mean;
  const max = c.profile?.max;
  if (typeof mean !== "number" || typeof max !== "number" || mean <= 0) return null;
  const said = `values averaging ${Math.round(mean)}`;
  if (mean >= 20 && mean <= 400 && max <= 2000)
    return { unit: { unit: "min", scale: 1 }, confidence: 0.6, why: `${said}: minutes` };
  if (mean >= 1000 && mean <= 20000) return { unit: { unit: "s", scale: 1 }, confidence: 0.5, why: `${said}: seconds` };
  if (mean < 10 && max <= 48) return { unit: { unit: "h", scale: 1 }, confidence: 0.5, why: `${said}: hours` };
  return null;
}

/** How a quantity aggregates, from its name words. */
function aggregationOf(c: ColumnView, unit: MeasureUnit | null): { aggregation: Measure["aggregation"]; why: string } {
  const words = c.words;
  if (words.some((w) => UNAGGREGATED_WORDS.has(w))) return { aggregation: "none", why: "a position or coordinate" };
  if (words.some((w) => AVERAGED_WORDS.has(w)) || unit?.unit === "percent")
    return { aggregation: "avg", why: "a price, rate or score: averaged" };
  if (words.some((w) => MONEY_WORDS.has(w)) || unit?.scale !== 1)
    return { aggregation: "sum", why: "an amount: added up" };
  if (c.type === "integer") return { aggregation: "sum", why: "a count: added up" };
  return { aggregation: "avg", why: "a quantity: averaged" };
}

/** The measure a column is, given that its role was read as a measure; `siblings` are its table's column names. */
export function inferMeasure(c: ColumnView, siblings: readonly string[] = []): Measure {
  const guess = unitFromName(c, siblings) ?? durationFromValues(c);
  const unit = guess?.unit ?? null;
  const money = c.words.some((w) => MONEY_WORDS.has(w));
  const agg = aggregationOf(c, unit);
  const evidence = [guess?.why, agg.why, !guess && money ? "money, currency not named" : null]
    .filter(Boolean)
    .join("; ");
  return {
    column: c.column,
    aggregation: agg.aggregation,
    unit,
    origin: "inferred",
    confidence: guess ? guess.confidence : 0.6,
    evidence,
  };
}
