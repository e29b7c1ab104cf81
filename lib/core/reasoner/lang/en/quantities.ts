// English words of quantities: units, magnitudes and the words that make a number a limit or a range.

import { CENT_WORDS, NAME_MAGNITUDES } from "./semantic";

export const LIMIT_LEAD = new Set(["top", "first", "last", "bottom"]);

/** "between 5 and 10", "from 5 to 10", "between $1,000 and …": a range opens. */
export const NUMBER_RANGE_LEAD = /(?:between|from)\s+[$£€]?$/;

/** "rounds 3 through 7", "pages 10-20": words that join two numbers into a range with no lead before them. */
export const NUMBER_RANGE_JOINERS = new Set(["through", "thru", "till", "until"]);

/** Words and symbols for each unit, as written after a number or inside a column name. */
export const UNIT_WORDS: Record<string, string> = {
  ms: "ms",
  msec: "ms",
  millisecond: "ms",
  milliseconds: "ms",
  s: "s",
  sec: "s",
  secs: "s",
  second: "s",
  seconds: "s",
  min: "min",
  mins: "min",
  minute: "min",
  minutes: "min",
  h: "h",
  hr: "h",
  hrs: "h",
  hour: "h",
  hours: "h",
  day: "day",
  days: "day",
  week: "week",
  weeks: "week",
  mg: "mg",
  milligram: "mg",
  milligrams: "mg",
  g: "g",
  gr: "g",
  gram: "g",
  grams: "g",
  kg: "kg",
  kgs: "kg",
  kilo: "kg",
  kilos: "kg",
  kilogram: "kg",
  kilograms: "kg",
  tonne: "t",
  tonnes: "t",
  carat: "carat",
  carats: "carat",
  ct: "carat",
  oz: "oz",
  ounce: "oz",
  ounces: "oz",
  lb: "lb",
  lbs: "lb",
  pound: "lb",
  pounds: "lb",
  mm: "mm",
  millimeter: "mm",
  millimeters: "mm",
  millimetre: "mm",
  millimetres: "mm",
  cm: "cm",
  centimeter: "cm",
  centimeters: "cm",
  centimetre: "cm",
  centimetres: "cm",
  m: "m",
  meter: "m",
  meters: "m",
  metre: "m",
  metres: "m",
  km: "km",
  kilometer: "km",
  kilometers: "km",
  kilometre: "km",
  kilometres: "km",
  in: "in",
  inch: "in",
  inches: "in",
  ft: "ft",
  foot: "ft",
  feet: "ft",
  mi: "mi",
  mile: "mi",
  miles: "mi",
  yd: "yd",
  yard: "yd",
  yards: "yd",
  celsius: "degC",
  centigrade: "degC",
  "°c": "degC",
  c: "degC",
  fahrenheit: "degF",
  "°f": "degF",
  f: "degF",
  "%": "percent",
  percent: "percent",
  pct: "percent",
};

/** Magnitude words and suffixes. */
export const MAGNITUDES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  mil: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
  trillion: 1e12,
};

/** Words before a number that make it a count of the noun after it ("the three …"). */
export const COUNT_LEADS = ["the", "our", "their", "which", "what", "are", "were", "list", "show", "name", "give"];

/**
 * Words that name a quantity by its dimension ("the weight", "how heavy", "how long"), for a column
 * kept in a unit of it.
 */
export const DIMENSION_WORDS: Record<string, string> = {
  weight: "mass",
  weigh: "mass",
  weighs: "mass",
  weighed: "mass",
  heavy: "mass",
  heavier: "mass",
  heaviest: "mass",
  mass: "mass",
  light: "mass",
  lighter: "mass",
  lightest: "mass",
  length: "length",
  long: "length",
  longer: "length",
  width: "length",
  wide: "length",
  wider: "length",
  height: "length",
  tall: "length",
  taller: "length",
  distance: "length",
  far: "length",
  farther: "length",
  further: "length",
  deep: "length",
  deeper: "length",
  duration: "time",
  lasted: "time",
  lasting: "time",
  runtime: "time",
  temperature: "temperature",
  hot: "temperature",
  hotter: "temperature",
  hottest: "temperature",
  cold: "temperature",
  colder: "temperature",
  coldest: "temperature",
  warm: "temperature",
  warmer: "temperature",
  warmest: "temperature",
};

/**
 * Magnitude words a column name scales its stored numbers by ("population_thousands", "amount_cents"): the
 * semantic model's magnitude words plus the smallest-unit money words, one list for both readers.
 */
export const NAME_SCALES: Record<string, number> = {
  ...NAME_MAGNITUDES,
  ...Object.fromEntries([...CENT_WORDS].map((w) => [w, 0.01])),
};

/** "… in millions", "in thousands of dollars": the scale the answer is asked in (group 1). */
export const ASKED_SCALE = /\bin (thousands|millions|billions|trillions)\b/;
