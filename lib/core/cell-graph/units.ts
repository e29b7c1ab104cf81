/**
 * Units and scales read from header and cell text, as a reader of a report does: "(in millions)",
 * "$ thousands", "%", "percent", "cents". A cell's unit combines what its headers say with what its
 * own text says ("$2.25", "24%").
 */
export type Unit = {
  /** Multiplier the header states: 1e3 for "in thousands", 1e6 for "(in millions)", … (1 when none). */
  scale: number;
  percent: boolean;
  currency: string | null;
  /** A counted or measured unit named by the header ("gallons", "hours", "cents", "miles"). */
  measure: string | null;
};

const NO_UNIT: Unit = { scale: 1, percent: false, currency: null, measure: null };

const SCALES: Array<[RegExp, number]> = [
  [/\b(in\s+)?(billions?|bn)\b/i, 1e9],
  [/\b(in\s+)?millions?\b|\(\s*m\s*\)|\$\s*m\b|\bmm\b/i, 1e6],
  [/\b(in\s+)?thousands?\b|\(\s*000s?\s*\)|'000|\(\s*k\s*\)|\$\s*000s?\b/i, 1e3],
];
const PERCENT = /%|\bper\s?cent(age)?s?\b|\bproportion\b|\bpercentage points?\b/i;
const MEASURES = new RegExp(
  "\\b(cents|gallons?|hours?|days?|weeks?|months?|years?|miles?|kilometres?|kilometers?|km|kg|tonnes?|tons?|" +
    "points|people|persons|employees|passengers|aircraft|flights|seats)\\b",
  "i",
);

/** The unit a piece of text states (a header, or a cell's own "$1,694" / "24%"). */
export function unitOf(text: string): Unit {
  const scale = SCALES.find(([re]) => re.test(text))?.[1] ?? 1;
  const currency = /\$|\bdollars?\b|\busd\b/i.test(text)
    ? "$"
    : /€|\beuros?\b/i.test(text)
      ? "€"
      : /£|\bpounds? sterling\b/i.test(text)
        ? "£"
        : null;
  const measure = MEASURES.exec(text)?.[1]?.toLowerCase() ?? null;
  return { scale, percent: PERCENT.test(text), currency, measure };
}

/** Units of a header path, outermost first: the innermost header wins where two say different things. */
export function mergeUnits(units: readonly Unit[]): Unit {
  let out: Unit = { ...NO_UNIT };
  for (const u of units) {
    out = {
      scale: u.scale !== 1 ? u.scale : out.scale,
      percent: out.percent || u.percent,
      currency: u.currency ?? out.currency,
      measure: u.measure ?? out.measure,
    };
  }
  return out;
}

/** The scale a question asks its answer in ("how many million dollars", "in billions"), or null. */
export function questionScale(question: string): number | null {
  const m = /\b(thousands?|millions?|billions?)\b/i.exec(question);
  if (!m) return null;
  const w = m[1].toLowerCase();
  return w.startsWith("thousand") ? 1e3 : w.startsWith("million") ? 1e6 : 1e9;
}

/** Words for a unit, to say what a number is: "millions of $", "%", "cents". Empty when none is known. */
export function unitWords(u: Unit): string {
  if (u.percent) return "%";
  const scale = u.scale === 1e9 ? "billions" : u.scale === 1e6 ? "millions" : u.scale === 1e3 ? "thousands" : "";
  const what = u.currency ?? u.measure ?? "";
  if (scale && what) return `${scale} of ${what}`;
  return scale || what;
}
