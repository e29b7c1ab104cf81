// Exact match as WikiTableQuestions' official evaluator scores it: both sides are read as number,
// date or string values (strings normalised: accents, quotes, dashes, trailing citations and
// parentheticals, case), and the predicted list must match the gold list as a set.

const DASHES = /[\u2010-\u2015\u2212]/g;

/** The evaluator's string normalisation. */
export function normalizeWtq(text: string): string {
  let x = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  x = x
    .replace(/[‘’´`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(DASHES, "-");
  for (;;) {
    const old = x;
    x = x.replace(/((?<!^)\[[^\]]*\]|\[\d+\]|[•♦†‡*#+])*$/u, "").trim();
    x = x.replace(/(?<!^)( \([^)]*\))*$/u, "").trim();
    x = x.replace(/^"([^"]*)"$/, "$1").trim();
    if (x === old) break;
  }
  if (x.endsWith(".")) x = x.slice(0, -1);
  return x.replace(/\s+/g, " ").trim().toLowerCase();
}

type Value =
  | { kind: "number"; n: number }
  | { kind: "date"; y: number; m: number; d: number }
  | { kind: "string"; s: string };

function parseNumber(s: string): number | null {
  const t = s.replace(/,/g, "").trim();
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

function parseDate(s: string): Value | null {
  const m = /^(\d{4}|xx)-(\d{2}|xx)-(\d{2}|xx)$/i.exec(s.trim());
  if (!m) return null;
  const part = (p: string) => (/x/i.test(p) ? -1 : Number(p));
  return { kind: "date", y: part(m[1]), m: part(m[2]), d: part(m[3]) };
}

/** Reads one answer string as a typed value. */
function toValue(raw: string): Value {
  const s = normalizeWtq(raw);
  const n = parseNumber(s);
  if (n !== null) return { kind: "number", n };
  return parseDate(s) ?? { kind: "string", s };
}

function matches(gold: Value, pred: Value, predRaw: string): boolean {
  if (gold.kind === "number") {
    if (pred.kind === "number") return Math.abs(gold.n - pred.n) < 1e-6;
    return false;
  }
  if (gold.kind === "date") return pred.kind === "date" && gold.y === pred.y && gold.m === pred.m && gold.d === pred.d;
  // A gold string also matches a predicted number or date written the same way.
  return normalizeWtq(predRaw) === gold.s;
}

/** True when the predicted answer list matches the gold list (same size, each gold value matched). */
export function wtqMatch(gold: string[], pred: string[]): boolean {
  if (gold.length !== pred.length) return false;
  const g = gold.map(toValue);
  const p = pred.map(toValue);
  return g.every((gv) => p.some((pv, i) => matches(gv, pv, pred[i])));
}
