import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { METHOD_IDS, METHOD_MODULES } from "./registry";

// Adding a method is its folder plus one registry line: no other file of the app names a method.
// These are the places outside the method folders that do, each for a reason that needs no edit
// when a method is added (a test of the list fails on any new place).
const ALLOWED: Record<string, string> = {
  "lib/core/reasoner/verdict/assess.ts": "the methods whose verdict reads their own evidence (HELIOS's reader)",
  "lib/core/reasoner/verdict/features.ts":
    "the trained confidence model's method features; a new method scores as none",
  "lib/server/sample/sample-questions.ts": "the sample dataset's example batch compares two methods",
  "scripts/bench/ask-client.mts": "the ask benchmark times one method",
  "scripts/bench/batch-child.mts": "the batch benchmark runs one method",
  "scripts/bench/compare.mts": "the compare benchmark compares the four published methods",
  "scripts/eval/args.mts": "npm run eval's usage text and which methods a suite scores",
  "scripts/eval/complex-tables.mts": "a benchmark suite runs the methods its paper reports",
  "scripts/eval/readme-samples.mts": "the README's sample questions, each with the method the README names",
  "scripts/eval/run-external-method.mts": "external questions: each method's own output fields",
  "scripts/eval/run-graphotter.mts": "the GraphOTTER suites",
  "scripts/eval/suites/external-retrieval.mts": "external questions: cell metrics for the method building sub-tables",
  "scripts/eval/suites/ottqa.mts": "the OTT-QA suite runs HELIOS",
  "scripts/eval/suites/spider.mts": "Spider's cell metrics for the method that builds sub-tables",
  "scripts/train/trainers/answer-confidence.mts": "the confidence model is fitted on these methods' runs",
  "scripts/train/trainers/graphotter-verdict.mts": "GraphOTTER's own verdict model is fitted on its runs",
  "scripts/train/trainers/helios-verdict.mts": "HELIOS's own verdict model is fitted on HELIOS's runs",
};

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");
const SCANNED = ["app", "components", "lib", "db", "scripts"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === "node_modules" ? [] : sources(full);
    return /\.(ts|tsx|mts|mjs)$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [full] : [];
  });
}

/** Whether a source names a method id as a string literal. */
function namesAMethod(source: string, ids: readonly string[]): boolean {
  return ids.some((id) => new RegExp(`["'\`]${id}["'\`]`).test(source));
}

describe("the method registry", () => {
  it("lists each method once, each with the module shape", () => {
    expect(new Set(METHOD_IDS).size).toBe(METHOD_IDS.length);
    for (const m of METHOD_MODULES) {
      expect(typeof m.run).toBe("function");
      expect(m.paramsSchema.safeParse({}).success).toBe(true);
      expect(m.needs.length).toBeGreaterThan(0);
    }
  });

  it("is the only place outside the method folders that names a method, but for the listed reasons", () => {
    const folders = new Set(METHOD_IDS.map((id) => `lib/core/methods/${id}/`));
    const naming = SCANNED.flatMap((d) => sources(path.join(root, d)))
      .map((f) => path.relative(root, f).split(path.sep).join("/"))
      .filter((f) => ![...folders].some((folder) => f.startsWith(folder)))
      .filter((f) => namesAMethod(readFileSync(path.join(root, f), "utf8"), METHOD_IDS))
      .sort();
    expect(naming).toEqual(Object.keys(ALLOWED).sort());
  });

  it("catches a method named in a string (the check itself can fail)", () => {
    expect(namesAMethod(`if (run.method === "helios") show();`, METHOD_IDS)).toBe(true);
    expect(namesAMethod("const fgtrish = 1; // fgtr", METHOD_IDS)).toBe(false);
  });
});
