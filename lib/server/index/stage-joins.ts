import "server-only";
import { declaredJoins, discoverJoins, DEFAULT_EXACT_LIMIT, DEFAULT_JOIN_THRESHOLD, nodeId, type JoinColumn } from "@/lib/core/index";
import { loadEnglishLexicon } from "@/lib/core/text";
import { writeJoins } from "./index-store";
import { budgetSpent, fmt, type RunContext } from "./run-context";

const STAGE = "joins";

/** The columns join discovery compares: every profiled column with its sketch and (edited) description. */
export function joinColumns(ctx: RunContext): JoinColumn[] {
  const out: JoinColumn[] = [];
  for (const table of ctx.dataset.tables) {
    for (const r of ctx.columns.get(table.name) ?? []) {
      out.push({
        table: table.name,
        column: r.column.sqlName,
        name: r.column.name,
        type: r.column.type,
        description: ctx.descriptions.get(nodeId(table.name, r.column.sqlName)),
        uniqueness: r.profile.uniqueness,
        sketch: r.sketch,
      });
    }
  }
  return out;
}

/** Stage 3: FGTR eq. 3 over every pair of columns in different tables, plus the declared keys. */
export async function joinsStage(ctx: RunContext): Promise<void> {
  const columns = joinColumns(ctx);
  ctx.progress.start(STAGE, 1);
  if (ctx.dataset.tables.length < 2) {
    ctx.progress.note(STAGE, "One table: nothing to join.");
    ctx.progress.end(STAGE, "skipped");
    return;
  }
  const declared = declaredJoins(ctx.dataset.tables);
  let stopped = false;
  const keepGoing = async () => {
    await ctx.pause();
    stopped = budgetSpent(ctx);
    return !stopped;
  };
  ctx.joins = await discoverJoins(columns, { declared, isWord: await loadEnglishLexicon(), keepGoing });
  if (stopped) ctx.progress.note(STAGE, `The search for joins stopped when the stage's time budget (${fmt(ctx.caps.stageMs / 1000)} s, INDEX_STAGE_MS) ran out; the pairs compared so far are kept.`);
  await writeJoins(ctx.datasetId, ctx.generation, ctx.joins);
  const by = (rule: string) => ctx.joins.filter((j) => j.rule === rule).length;
  const pairs = (columns.length * (columns.length - 1)) / 2;
  ctx.progress.note(STAGE, `${fmt(ctx.joins.length)} candidates from ${fmt(pairs)} column pairs: ${by("declared")} declared, ${by("omega")} with ω ≥ ${DEFAULT_JOIN_THRESHOLD}, ${by("inclusion")} by value inclusion.`);
  const estimated = ctx.joins.filter((j) => j.jaccardEstimated).length;
  if (estimated) ctx.progress.note(STAGE, `${estimated} candidates compare columns with more than ${fmt(DEFAULT_EXACT_LIMIT)} distinct values, so their Jaccard is a MinHash estimate.`);
  ctx.progress.end(STAGE);
}
