import "server-only";
import { inferDatasetModel } from "@/lib/server/semantic/infer-dataset";
import { writeSemanticModel } from "@/lib/server/semantic/store";
import { readViewSql } from "@/lib/server/semantic/view-sql";
import { errorText, type IndexRunContext } from "./run-context";

const STAGE = "semantic model";

/**
 * Stage 6: the semantic model (lib/core/index/semantic) inferred from this generation's profiles,
 * joins, sampled values and each view's SQL, stored with the generation. The user's edits are kept
 * apart and applied when the model is read, so they survive every re-index.
 */
export async function semanticStage(ctx: IndexRunContext): Promise<void> {
  ctx.progress.start(STAGE, ctx.dataset.tables.length);
  try {
    await inferAndStore(ctx);
    ctx.progress.end(STAGE);
  } catch (err) {
    // The index stays usable without it: a question's thread infers the model when none is stored.
    ctx.progress.note(STAGE, `Not stored: ${errorText(err)}; it is inferred when a question needs it.`);
    ctx.progress.end(STAGE, "skipped");
  }
}

async function inferAndStore(ctx: IndexRunContext): Promise<void> {
  const viewSql = await readViewSql(ctx.source, ctx.dataset.tables);
  await ctx.pause();
  const values = (table: string, column: string) =>
    ctx.columns.get(table)?.find((r) => r.column.sqlName === column)?.sketch.exact ?? null;
  const model = await inferDatasetModel({
    datasetId: ctx.datasetId,
    tables: ctx.dataset.tables,
    profiles: ctx.profiles,
    joins: ctx.joins,
    viewSql,
    values,
  });
  await writeSemanticModel(ctx.datasetId, ctx.generation, model);
  const count = (f: (t: (typeof model.tables)[number]) => number) => model.tables.reduce((n, t) => n + f(t), 0);
  ctx.progress.advance(STAGE, ctx.dataset.tables.length);
  ctx.progress.note(
    STAGE,
    `${count((t) => (t.label ? 1 : 0))} labels, ${count((t) => t.measures.length)} measures, ` +
      `${count((t) => t.dates.length)} dates, ${count((t) => t.flags.length)} flags, ` +
      `${count((t) => (t.kind.value === "bridge" ? 1 : 0))} bridges, ${count((t) => (t.view ? 1 : 0))} views` +
      (viewSql.size ? ` (${viewSql.size} read from their SQL)` : "") +
      ".",
  );
}
