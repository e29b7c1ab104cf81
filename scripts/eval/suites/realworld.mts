// The realworld suite (scripts/eval/realworld/README.md): analyst questions over public databases
// and CSV sets no benchmark here holds, asked through the external-question runner. The built
// questions live in bench-data/realworld/ (built first when missing or stale); tune and report are
// separate files, so a tune run never reads the report half.
import path from "node:path";
import type { EvalArgs } from "../args.mts";
import { meanScores } from "../../../lib/core/eval/set-scores.ts";
import { summarize, type QuestionRecord, type Summary } from "../report.mts";
import { readExternalItems, runExternalItems, writeOutLines } from "./external.mts";

export async function runRealworld(args: EvalArgs): Promise<{ summary: Summary; records: QuestionRecord[] }> {
  const { builtQuestionsFile, ensureRealworldBuilt, realworldCache } = await import("../realworld/build.mts");
  const root = realworldCache();
  await ensureRealworldBuilt(root);
  const items = readExternalItems(builtQuestionsFile(root, args.split));
  const picked = args.ids ? items.filter((i) => args.ids!.includes(String(i.id))) : items;
  const chosen = picked.slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const { records, schema, cells } = await runExternalItems(chosen, path.join(root, "data"), args);
  if (args.out) writeOutLines(args.out, records, args.method);
  return {
    summary: summarize(
      "realworld",
      args.split,
      args.method,
      args.reasoner,
      records,
      meanScores(schema),
      meanScores(cells),
    ),
    records,
  };
}
