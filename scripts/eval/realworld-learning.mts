// `npm run eval -- realworld-learning [--split tune|report] [--method fgtr|sgam] [--data-dir DIR] [--json]
// [--verbose]`: the learning check of issue 28. On the realworld database the split's paraphrases cover
// (classicmodels for tune, adventureworkslt for report), it
//   1. asks the database's suite questions and the 20 paraphrases with nothing learned (before);
//   2. confirms the 10 seed questions' right programs as a user would: the answer's own program with
//      a 👍 when the answer is right, else the first of its alternative readings whose result matches
//      the gold, picked as the UI picks it; a seed with neither is reported, never faked;
//   3. asks the paraphrases and the other questions again (after), and reports both accuracies
//      before and after, and which questions changed.
// It runs in its own data folder (default: a temp folder of this checkout), so what it teaches never
// reaches the suite's runs, and it forgets everything learned on the database before it starts.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findMethod, METHOD_IDS } from "../../lib/core/methods/registry.ts";
import { type EvalArgs, parseArgs } from "./args.mts";
import { useEvalDataDir } from "./datasets.mts";
import type { ExternalItem } from "./suites/external-source.mts";
import type { Asked, Confirmation } from "./learning-steps.mts";

const USAGE =
  "Usage: npm run eval -- realworld-learning [--split tune|report] [--method fgtr|sgam] [--data-dir DIR] " +
  "[--json] [--verbose]";

type Part = { n: number; right: number; accuracy: number };
type Change = { id: string; question: string; before: boolean; after: boolean };

function part(asked: readonly Asked[]): Part {
  const right = asked.filter((a) => a.correct).length;
  return { n: asked.length, right, accuracy: asked.length ? Math.round((1000 * right) / asked.length) / 10 : 0 };
}

function changes(before: readonly Asked[], after: readonly Asked[]): Change[] {
  const was = new Map(before.map((a) => [a.id, a.correct]));
  return after
    .filter((a) => was.has(a.id) && was.get(a.id) !== a.correct)
    .map((a) => ({ id: a.id, question: a.question, before: was.get(a.id)!, after: a.correct }));
}

export async function run(argv: string[]): Promise<void> {
  let args: EvalArgs;
  try {
    args = parseArgs(argv);
    const readers = METHOD_IDS.filter((id) => findMethod(id)?.answersWithReadings);
    if (!(readers as readonly string[]).includes(args.method))
      throw new Error(`--method must be one of ${readers.join(", ")}`);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const checkout = createHash("sha256").update(process.cwd()).digest("hex").slice(0, 8);
  useEvalDataDir(args.dataDir ?? path.join(os.tmpdir(), `tablesight-eval-learning-${checkout}`));
  const { builtParaphrasesFile, builtQuestionsFile, ensureRealworldBuilt, realworldCache } = await import(
    "./realworld/build.mts"
  );
  const { datasetFor, readExternalItems } = await import("./suites/external.mts");
  const { deleteAllLearned } = await import("../../lib/server/stores/learned.ts");
  // Server modules load after the data folder is chosen.
  const { askAll, confirmSeed } = await import("./learning-steps.mts");
  const root = realworldCache();
  await ensureRealworldBuilt(root);
  const dir = path.join(root, "data");

  const paraphrases = readExternalItems(builtParaphrasesFile(root, args.split));
  const databases = [...new Set(paraphrases.map((p) => String(p.dataset)))];
  if (databases.length !== 1)
    throw new Error(`paraphrases of ${args.split} cover ${databases.join(", ")}: expected one`);
  const suite = readExternalItems(builtQuestionsFile(root, args.split)).filter((q) => q.dataset === databases[0]);
  const seedIds = new Set(paraphrases.map((p) => String((p as ExternalItem & { seed_id?: string }).seed_id)));
  const seeds = suite.filter((q) => seedIds.has(String(q.id)));
  const others = suite.filter((q) => !seedIds.has(String(q.id)));
  const datasetId = (await datasetFor(suite[0], dir)).id;
  const forgotten = await deleteAllLearned(datasetId);
  console.error(
    `realworld-learning: ${databases[0]} (${args.split}), ${seeds.length} seeds, ${paraphrases.length} paraphrases, ` +
      `${others.length} other questions, ${args.method}; ${forgotten} answers learned earlier forgotten`,
  );

  const ask = (items: readonly ExternalItem[], label: string) => askAll(datasetId, items, args, label);
  const before = {
    paraphrases: await ask(paraphrases, "before: paraphrases"),
    others: await ask(others, "before: other questions"),
  };
  const confirmations: Confirmation[] = [];
  for (const seed of seeds) confirmations.push(await confirmSeed(datasetId, seed, args));
  const after = {
    paraphrases: await ask(paraphrases, "after: paraphrases"),
    others: await ask(others, "after: other questions"),
  };

  const report = {
    database: databases[0],
    split: args.split,
    method: args.method,
    seeds: {
      n: seeds.length,
      confirmed: confirmations.filter((c) => c.how !== "none").length,
      byAnswer: confirmations.filter((c) => c.how === "answer").length,
      byAlternative: confirmations.filter((c) => c.how === "alternative").length,
      unconfirmed: confirmations.filter((c) => c.how === "none").map((c) => c.id),
    },
    paraphrases: {
      before: part(before.paraphrases),
      after: part(after.paraphrases),
      learnedFrom: after.paraphrases.filter((a) => a.learnedFrom).length,
    },
    others: { before: part(before.others), after: part(after.others) },
    changed: {
      paraphrases: changes(before.paraphrases, after.paraphrases),
      others: changes(before.others, after.others),
    },
    confirmations,
    records: { before, after },
  };
  mkdirSync(path.resolve("reports"), { recursive: true });
  const file = path.resolve("reports", `learning-${args.split}-${args.method}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(report, null, 1));

  const { closeSqlPool } = await import("../../lib/server/sql/index.ts");
  closeSqlPool();
  const { closeAppDb } = await import("../../lib/server/db/app-db.ts");
  await closeAppDb();

  const line = (name: string, b: Part, a: Part) =>
    `${name.padEnd(22)} ${`${b.right}/${b.n} (${b.accuracy}%)`.padEnd(16)} ${a.right}/${a.n} (${a.accuracy}%)`;
  console.log(`\nLearning check: ${report.database} (${report.split}), ${report.method}`);
  console.log(
    `seeds confirmed: ${report.seeds.confirmed}/${report.seeds.n} (${report.seeds.byAnswer} by 👍 on the answer, ` +
      `${report.seeds.byAlternative} by picking an alternative)` +
      (report.seeds.unconfirmed.length
        ? `; no right program among the answer and its alternatives: ${report.seeds.unconfirmed.join(", ")}`
        : ""),
  );
  console.log(`${"".padEnd(22)} ${"before".padEnd(16)} after`);
  console.log(line("paraphrases", report.paraphrases.before, report.paraphrases.after));
  console.log(line("other questions", report.others.before, report.others.after));
  console.log(`paraphrases answered from a learned answer: ${report.paraphrases.learnedFrom}/${paraphrases.length}`);
  for (const c of [...report.changed.paraphrases, ...report.changed.others])
    console.log(`  ${c.before ? "right → wrong" : "wrong → right"}  ${c.id}  ${c.question}`);
  console.log(`report: ${file}`);
  if (args.json) {
    const { records: _records, confirmations: _c, ...summary } = report;
    console.log(JSON.stringify(summary));
  }
}
