import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FORBIDDEN_READING_PATTERNS, MAX_READING_CHARS } from "../../lang/en/reading-grammar";
import type { QueryPlan } from "../../programs/plan";
import { describePlan } from "./describe";
import { valueWords } from "./conditions";
import { type StoredShapes, tunePrograms } from "./testing/tune-shapes";

// Every program shape the realworld tune half's questions gave candidates of (one example each,
// `npm run eval -- reading-shapes`), rendered as people read it: no forbidden pattern outside quoted
// values, within the length cap, and exactly the conditions the program has.

const shapesFile = path.join(import.meta.dirname, "testing", "tune-shapes.json.gz");
const programs = tunePrograms(JSON.parse(gunzipSync(readFileSync(shapesFile)).toString("utf8")) as StoredShapes);

/** The reading with its quoted values taken out (a value may be written any way). */
const unquoted = (s: string) => s.replace(/"[^"]*"/g, '"…"');

/** The quoted values a program's conditions hold, as a reading shows them. */
function conditionValues(plan: QueryPlan): Set<string> {
  const s = plan.special;
  const all = [
    ...plan.where,
    ...(plan.negation?.constraints ?? []),
    ...(s && s.kind === "adjacent" ? [s.anchor] : []),
    ...(s && s.kind === "percentage" ? s.part : []),
    ...(s && (s.kind === "difference" || s.kind === "ratio" || s.kind === "comparison") ? s.sides : []),
  ];
  return new Set(all.flatMap((c) => c.predicate.values.map(valueWords)));
}

/** Is a date value said in the reading (its year, and its month by name when it has one)? */
function saidAsDate(v: string, reading: string): boolean {
  const m = /^(\d{4})(?:-(\d{2}))?/.exec(v);
  if (!m) return false;
  if (reading.includes(v)) return true;
  const month = m[2] ? new Date(Date.UTC(2000, Number(m[2]) - 1, 1)).toLocaleString("en", { month: "long" }) : "";
  return reading.includes(`${month ? `${month} ` : ""}${m[1]}`);
}

describe("readings of every tune program shape", () => {
  it("has the tune half's shapes to render", () => {
    expect(programs.length).toBeGreaterThan(500);
  });

  for (const { name, re } of FORBIDDEN_READING_PATTERNS)
    it(`never reads "${name}"`, () => {
      const bad = programs
        .map((p) => ({ id: p.id, reading: describePlan(p.plan, p.input) }))
        .filter((r) => re.test(unquoted(r.reading)));
      expect(bad.slice(0, 8)).toEqual([]);
    });

  it(`stays within ${MAX_READING_CHARS} characters`, () => {
    const long = programs.map((p) => describePlan(p.plan, p.input)).filter((r) => r.length > MAX_READING_CHARS);
    expect(long.slice(0, 5)).toEqual([]);
  });

  it("says every condition the program has and no other", () => {
    const wrong = programs.flatMap((p) => {
      const reading = describePlan(p.plan, p.input);
      const quoted = new Set(reading.match(/"[^"]*"/g) ?? []);
      const values = [...conditionValues(p.plan)].filter((v) => v.startsWith('"'));
      // A date is said as a date ("in 2004", "in March 2018", "after 2015-01-01"), not quoted.
      const said = (v: string) => quoted.has(v) || saidAsDate(v.slice(1, -1), reading);
      const missing = values.filter((v) => !said(v));
      const extra = [...quoted].filter((q) => !values.includes(q));
      return missing.length || extra.length ? [{ id: p.id, reading, missing, extra }] : [];
    });
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
