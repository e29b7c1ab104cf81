// `npm run eval -- …`: evaluations. Two kinds:
//   npm run eval -- <command> [options]   named evaluations with their own options (joins: the
//                                          index's join discovery, see joins.mts; realworld-build:
//                                          the realworld suite's data and gold, see realworld/build.mts;
//                                          realworld-learning: answers confirmed, paraphrases re-asked;
//                                          semantic: the inferred semantic model against hand labels)
//   npm run eval -- --suite spider|bird-schema|wtq|aitqa|hitab|ottqa|realworld | --questions FILE --data DIR [flags]
//                                          question answering through the app's own import,
//                                          index and ask path (see args.mts for the flags)
// Every run prints its numbers and writes reports/ (JSON + Markdown).
import { register } from "node:module";
import type { EvalArgs } from "./args.mts";
import type { QuestionRecord, Summary } from "./report.mts";

register("./cjs-hook.mjs", import.meta.url);

/** Named evaluations; each receives the arguments after its name. */
const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  joins: async (args) => (await import("./joins.mts")).run(args),
  "pg-agreement": async (args) => (await import("./pg-agreement.mts")).run(args),
  "readme-samples": async (args) => (await import("./readme-samples.mts")).run(args),
  "realworld-build": async (args) => (await import("./realworld/build.mts")).run(args),
  "realworld-learning": async (args) => (await import("./realworld-learning.mts")).run(args),
  semantic: async (args) => (await import("./semantic/run.mts")).run(args),
};

type SuiteRun = (args: EvalArgs) => Promise<{ summary: Summary; records: QuestionRecord[] }>;

const SUITES: Record<string, () => Promise<SuiteRun>> = {
  spider: async () => (await import("./suites/spider.mts")).runSpider,
  "bird-schema": async () => (await import("./suites/bird-schema.mts")).runBirdSchema,
  wtq: async () => (await import("./suites/wtq.mts")).runWtq,
  aitqa: async () => (await import("./suites/aitqa.mts")).runAitqa,
  hitab: async () => (await import("./suites/hitab.mts")).runHitab,
  ottqa: async () => (await import("./suites/ottqa.mts")).runOttqa,
  realworld: async () => (await import("./suites/realworld.mts")).runRealworld,
};

async function runSuite(argv: string[]): Promise<void> {
  const { parseArgs, USAGE } = await import("./args.mts");
  let args: EvalArgs;
  try {
    args = parseArgs(argv);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 2;
    return;
  }
  const { useEvalDataDir } = await import("./datasets.mts");
  useEvalDataDir(args.dataDir);
  let run: SuiteRun;
  if (args.questions) {
    if (!args.data) {
      console.error(`--questions needs --data DIR\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    run = (await import("./suites/external.mts")).runExternal;
  } else if (args.suite && SUITES[args.suite]) run = await SUITES[args.suite]();
  else {
    console.error(
      `Choose a command (${Object.keys(COMMANDS).join(", ")}), a suite ` +
        `(--suite ${Object.keys(SUITES).join("|")}) or --questions FILE --data DIR.\n${USAGE}`,
    );
    process.exitCode = 2;
    return;
  }
  const { summary, records } = await run(args);
  const { writeReport, printSummary } = await import("./report.mts");
  const file = writeReport(summary, records);
  const { closeSqlPool } = await import("../../lib/server/sql/index.ts");
  closeSqlPool();
  const { closeAppDb } = await import("../../lib/server/db/app-db.ts");
  await closeAppDb();
  printSummary(summary, file, args.json);
}

// The SQL guard's worker processes are unref'd while idle; a script awaiting one of their replies
// must keep its own event loop alive meanwhile.
const keepAlive = setInterval(() => undefined, 60_000);
try {
  const [first, ...rest] = process.argv.slice(2);
  if (first && COMMANDS[first]) await COMMANDS[first](rest);
  else await runSuite(process.argv.slice(2));
} finally {
  clearInterval(keepAlive);
}
