/** Command-line flags of `npm run eval`. */
export type EvalArgs = {
  suite: string | null;
  /** fresh: the realworld suite's first-contact databases (scripts/eval/realworld/README.md). */
  split: "tune" | "report" | "fresh";
  method: string;
  reasoner: "local" | "llm";
  limit: number | null;
  json: boolean;
  questions: string | null;
  data: string | null;
  dataDir: string | null;
  /** External questions: one JSON line per question written here. */
  out: string | null;
  params: Record<string, unknown>;
  verbose: boolean;
  offset: number;
  /** Only these question ids (--ids a,b,c). */
  ids: string[] | null;
  /** Print each question's trace events (--trace), for debugging tune questions. */
  trace: boolean;
};

export const USAGE = `Usage: npm run eval -- <command> [options]   (commands: joins, pg-agreement, realworld-build,
                                                 realworld-learning)
       npm run eval -- --suite NAME | --questions FILE --data DIR [flags]
  --suite spider|bird-schema|wtq|aitqa|hitab|ottqa  a benchmark suite (../shared/datasets, see SPLITS.md)
  --suite realworld                     analyst questions on public data (scripts/eval/realworld/README.md)
  --questions FILE.jsonl --data DIR     external questions {id, question, answer, db|table|file|files, passages?,
                                        gold_sql?, tags?, out_of_scope?}
  --out FILE.jsonl                      external questions and realworld: one line per question {id, method,
                                        question, prediction, values, gold, correct, verdict, confidence, reading?,
                                        ms, selected, sql}
  --split tune|report|fresh             which part of the suite (default tune; fresh: realworld's
                                        first-contact databases, measured once a round)
  --method fgtr|sgam|graphotter|helios  the method (default fgtr; aitqa and hitab run graphotter and fgtr;
                                        external questions run any of the four)
  --reasoner local|llm                  the reasoner (default local)
  --limit N [--offset N]                first N questions only
  --params '{"k":5}'                    method parameters (JSON)
  --data-dir DIR                        where imported datasets are cached (default: a temp folder)
  --json                                last line printed is one JSON object with the metrics
  --verbose                             print each question's outcome
  --ids a,b,c                           only the questions with these ids
  --trace                               print each question's trace events (debugging tune questions)`;

/** The flags' defaults (tune split, FGTR, local reasoner, every question). */
export function defaultEvalArgs(): EvalArgs {
  return {
    suite: null,
    split: "tune",
    method: "fgtr",
    reasoner: "local",
    limit: null,
    json: false,
    questions: null,
    data: null,
    dataDir: null,
    out: null,
    params: {},
    verbose: false,
    offset: 0,
    ids: null,
    trace: false,
  };
}

/** Parses argv; throws with the usage text on a bad flag. */
export function parseArgs(argv: string[]): EvalArgs {
  const out = defaultEvalArgs();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value\n${USAGE}`);
      return v;
    };
    if (a === "--suite") out.suite = value();
    else if (a === "--split") {
      const v = value();
      if (v !== "tune" && v !== "report" && v !== "fresh")
        throw new Error(`--split must be tune, report or fresh\n${USAGE}`);
      out.split = v;
    } else if (a === "--method") out.method = value();
    else if (a === "--reasoner") {
      const v = value();
      if (v !== "local" && v !== "llm") throw new Error(`--reasoner must be local or llm\n${USAGE}`);
      out.reasoner = v;
    } else if (a === "--limit") out.limit = Number(value());
    else if (a === "--offset") out.offset = Number(value());
    else if (a === "--json") out.json = true;
    else if (a === "--verbose") out.verbose = true;
    else if (a === "--trace") out.trace = true;
    else if (a === "--ids")
      out.ids = value()
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
    else if (a === "--questions") out.questions = value();
    else if (a === "--data") out.data = value();
    else if (a === "--data-dir") out.dataDir = value();
    else if (a === "--out") out.out = value();
    else if (a === "--params") out.params = JSON.parse(value());
    else if (a === "--help" || a === "-h") throw new Error(USAGE);
    else throw new Error(`Unknown argument ${a}\n${USAGE}`);
  }
  // Only the realworld suite has a fresh split; any other suite would read it as its report half.
  if (out.split === "fresh" && out.suite !== "realworld")
    throw new Error(`--split fresh works with --suite realworld only\n${USAGE}`);
  // First contact is read as aggregate numbers only: the flags that exist to study single questions are refused.
  if (out.split === "fresh" && (out.verbose || out.trace || out.ids))
    throw new Error(`--split fresh is measured as a whole: no --verbose, --trace or --ids\n${USAGE}`);
  const external = out.questions !== null || out.suite === "realworld";
  if (external && !EXTERNAL_METHODS.includes(out.method as (typeof EXTERNAL_METHODS)[number])) {
    throw new Error(`--method must be one of ${EXTERNAL_METHODS.join(", ")} for --questions\n${USAGE}`);
  }
  if (out.out && !external) throw new Error(`--out works with --questions or --suite realworld\n${USAGE}`);
  return out;
}

/** The methods external questions (--questions) can run. */
export const EXTERNAL_METHODS = ["fgtr", "sgam", "graphotter", "helios"] as const;
