// `npm run eval -- reading-shapes [--out FILE]`: every candidate program of the realworld suite's
// TUNE half (never its report half), run through FGTR's own pipeline, kept as the render test's
// fixture: one example per program shape (which aggregates, conditions, grouping, ordering, special
// kind, and which parts name the same column), with the columns and tables its reading names. The
// test (lib/core/reasoner/render/grammar/tune-shapes.test.ts) renders each and checks its words.
import { mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import type { AnswerColumn, AnswerInput, Constraint } from "../../lib/core/reasoner/answer/input.ts";
import type { QueryPlan, SelectItem } from "../../lib/core/reasoner/programs/plan.ts";
import type { ProgramCandidate } from "../../lib/core/reasoner/programs/candidates.ts";

const DEFAULT_OUT = "lib/core/reasoner/render/grammar/testing/tune-shapes.json.gz";
/** Examples kept per shape: a few, so names of different datasets meet each sentence form. */
const PER_SHAPE = 1;

type Fixture = {
  note: string;
  /** Per question: the reading's context (columns cut to what the plans name, defaults left out) and its plans. */
  questions: Array<{ id: string; question: string; input: Record<string, unknown>; plans: unknown[] }>;
};

const key = (c: { table: string; column: string }) => `${c.table}.${c.column}`;

/** Every column a plan names (shown, grouped, ordered, compared). */
function columnsOf(plan: QueryPlan): string[] {
  const s = plan.special;
  const conds = [...plan.where, ...(plan.negation?.constraints ?? [])];
  if (s && s.kind !== "adjacent") conds.push(...(s.kind === "percentage" ? s.part : s.sides));
  if (s?.kind === "adjacent") conds.push(s.anchor);
  return [
    ...plan.select.flatMap((i) => (i.column ? [key(i.column)] : [])),
    ...plan.groupBy.map(key),
    ...(plan.orderBy?.item.column ? [key(plan.orderBy.item.column)] : []),
    ...(s && "column" in s && s.column ? [key(s.column)] : []),
    ...conds.map(key),
  ];
}

/** A plan with its columns as keys (the fixture stores each column once per question). */
function planJson(plan: QueryPlan): unknown {
  const item = (s: SelectItem) => ({ ...s, column: s.column ? key(s.column) : null });
  return compact({
    ...plan,
    select: plan.select.map(item),
    groupBy: plan.groupBy.map(key),
    orderBy: plan.orderBy ? { ...plan.orderBy, item: item(plan.orderBy.item) } : null,
    special: plan.special
      ? {
          ...plan.special,
          ...("column" in plan.special ? { column: plan.special.column ? key(plan.special.column) : null } : {}),
        }
      : null,
    where: plan.where.map((c) => ({ table: c.table, column: c.column, predicate: c.predicate })),
    negation: plan.negation
      ? {
          ...plan.negation,
          constraints: plan.negation.constraints.map((c) => ({
            table: c.table,
            column: c.column,
            predicate: c.predicate,
          })),
        }
      : null,
    notes: [],
  });
}

/**
 * The shape of a plan: its sentence form (yes/no, aggregates, conditions' comparisons and whether
 * they are on the main table, negation, grouping, count bound, ordering, limit, DISTINCT, special
 * kind, row order) with each column as its identity in the plan and whether it is a date, a name or
 * key, or another value — not the values or the names themselves.
 */
function shapeOf(plan: QueryPlan): string {
  const ids = new Map<string, number>();
  const col = (c: AnswerColumn | null) => {
    if (!c) return null;
    if (!ids.has(key(c))) ids.set(key(c), ids.size);
    const kind = c.role === "date" ? "d" : c.role === "label" || c.role === "identifier" || c.isPrimaryKey ? "n" : "v";
    return `${ids.get(key(c))}${kind}`;
  };
  const item = (s: SelectItem) => [s.fn, col(s.column)];
  const conds = (cs: Constraint[]) =>
    [...new Set(cs.map((c) => `${c.predicate.op}${c.table === plan.mainTable ? "" : "*"}`))].sort();
  return JSON.stringify([
    plan.operation === "yes-no",
    plan.select.map(item),
    conds(plan.where),
    !!plan.negation,
    plan.groupBy.map(col),
    !!plan.having,
    plan.orderBy ? [item(plan.orderBy.item), plan.orderBy.direction] : null,
    plan.limit === null ? null : Math.min(plan.limit, 2),
    plan.distinct,
    plan.special?.kind ?? null,
    plan.rowOrder,
  ]);
}

/** A value is left out of the fixture when it is the default the test fills back in. */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== null && v !== false && !(Array.isArray(v) && v.length === 0)),
  );
}

export async function run(args: string[]): Promise<void> {
  const out = args[args.indexOf("--out") + 1] && args.includes("--out") ? args[args.indexOf("--out") + 1] : DEFAULT_OUT;
  const { useEvalDataDir } = await import("./datasets.mts");
  // Its own data folder: a suite run of this checkout may be using the default one meanwhile.
  useEvalDataDir(path.join(os.tmpdir(), "tablesight-reading-shapes"));
  const { builtQuestionsFile, ensureRealworldBuilt, realworldCache } = await import("./realworld/build.mts");
  const { readExternalItems, datasetFor } = await import("./suites/external.mts");
  const { buildRetrievalPorts } = await import("../../lib/server/methods/retrieval-ports.ts");
  const { runFgtr } = await import("../../lib/core/methods/fgtr/run-fgtr.ts");
  const { nullSink } = await import("../../lib/core/trace/index.ts");
  const root = realworldCache();
  await ensureRealworldBuilt(root);
  const items = readExternalItems(builtQuestionsFile(root, "tune"));
  const perShape = new Map<string, number>();
  const fixture: Fixture = {
    note: "Generated by `npm run eval -- reading-shapes` from the realworld tune half; do not edit by hand.",
    questions: [],
  };
  for (const item of items) {
    const src = await datasetFor(item, path.join(root, "data"));
    const ports = await buildRetrievalPorts(src.id, {
      reasoner: "local",
      sqlTimeoutMs: 4000,
      ranker: null,
      learned: false,
    });
    let input: AnswerInput | null = null;
    let candidates: ProgramCandidate[] = [];
    // The answer step's input and the candidates generated from it, caught at the trainer's hook.
    ports.programs = {
      ranker: null,
      collect: async (_q, c, i) => {
        candidates = c as ProgramCandidate[];
        input = i ?? null;
      },
    };
    try {
      await runFgtr(String(item.question), { ranker: "rules" }, ports, nullSink());
    } catch (err) {
      console.error(`${item.id}: ${(err as Error).message}`);
    }
    if (!input) continue;
    const a = input as AnswerInput;
    const plans = candidates
      .map((c) => c.plan)
      .filter((p) => {
        const s = shapeOf(p);
        const n = perShape.get(s) ?? 0;
        if (n >= PER_SHAPE) return false;
        perShape.set(s, n + 1);
        return true;
      });
    if (!plans.length) continue;
    const used = new Set(plans.flatMap((p) => columnsOf(p)));
    fixture.questions.push({
      id: String(item.id),
      question: String(item.question),
      input: {
        question: a.question,
        columns: a.columns
          .filter((c) => used.has(key(c)))
          .map(({ table, column, name, type, words, role, isPrimaryKey, keyLike, flag, unit }) =>
            compact({ table, column, name, type, words, role, isPrimaryKey, keyLike, flag, unit }),
          ),
        tables: a.tables,
        ...(a.entities ? { entities: a.entities } : {}),
        join: { tables: a.join.tables, edges: [] },
        constraints: [],
        maxRows: a.maxRows,
      },
      plans: plans.map(planJson),
    });
  }
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, gzipSync(`${JSON.stringify(fixture)}\n`));
  console.log(`${perShape.size} shapes from ${fixture.questions.length} questions → ${out}`);
}
