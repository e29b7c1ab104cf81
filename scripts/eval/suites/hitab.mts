// HiTab suite (SPLITS.md: test_samples_qualitycheck.jsonl; tables whose id starts with a number
// ending in an even digit tune, odd report). Tables are imported from their XLSX renderings, whose
// merged regions are real Excel merges.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { EvalArgs } from "../args.mts";
import { runComplexSuite, type ComplexQuestion } from "../complex-tables.mts";
import { sharedDatasets } from "../datasets.mts";

export async function runHitab(args: EvalArgs) {
  const root = path.join(sharedDatasets(), "hitab");
  const parity = args.split === "tune" ? 0 : 1;
  const questions: ComplexQuestion[] = readFileSync(path.join(root, "data", "test_samples_qualitycheck.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; table_id: string; question: string; answer: unknown[] })
    .filter((q) => {
      const lead = /^(\d+)/.exec(q.table_id);
      return lead !== null && Number(lead[1].at(-1)) % 2 === parity;
    })
    .map((q) => ({ id: q.id, table: q.table_id, question: q.question, gold: q.answer }));
  return runComplexSuite("hitab", args, questions, async (id) => ({
    path: path.join(root, "tables", "xlsx", `${id}.xlsx`),
    name: `hitab-${id}.xlsx`,
  }));
}
