import "server-only";
import { inferPrimaryKey, columnKey } from "@/lib/core/index";
import type { ColumnProfile } from "@/lib/core/model/index-types";
import { descriptionWriter } from "./description-writer";
import { readDescriptions, writeDescriptions, type DescriptionRow } from "./index-store";
import { budgetSpent, errorText, type IndexRunContext } from "./run-context";

const STAGE = "descriptions";

/**
 * Stage 2: a sentence for every table and column (FGTR's schema semantization). Generated texts
 * are stored under the new generation; the texts later stages use are the user's edits where they
 * exist, since a person's description is the better evidence for join discovery too.
 */
export async function descriptionsStage(ctx: IndexRunContext): Promise<void> {
  const writer = await descriptionWriter();
  const tables = ctx.dataset.tables;
  ctx.progress.start(STAGE, tables.length);
  const rows: DescriptionRow[] = [];
  let undescribed = 0;
  for (const table of tables) {
    if (budgetSpent(ctx)) {
      undescribed++;
      continue;
    }
    const profiles = new Map<string, ColumnProfile>();
    for (const c of table.columns) {
      const p = ctx.profiles.get(columnKey(table.name, c.sqlName));
      if (p) profiles.set(c.sqlName, p);
    }
    const declared = table.columns.filter((c) => c.isPrimaryKey).map((c) => c.sqlName);
    const inferred = declared.length ? null : inferPrimaryKey(table.columns, (c) => profiles.get(c.sqlName));
    try {
      const d = await writer.describe({
        table,
        primaryKey: declared.length ? declared : inferred ? [inferred.sqlName] : [],
        profiles,
      });
      rows.push({
        table: table.name,
        column: "",
        expandedName: d.table.expandedName,
        text: d.table.description,
        writer: writer.id,
      });
      for (const c of d.columns)
        rows.push({
          table: table.name,
          column: c.column,
          expandedName: c.expandedName,
          text: c.description,
          writer: writer.id,
        });
    } catch (err) {
      ctx.progress.note(STAGE, `${table.name}: no descriptions (${errorText(err)}).`);
    }
    ctx.progress.advance(STAGE);
    await ctx.pause();
  }
  if (undescribed)
    ctx.progress.note(
      STAGE,
      `${undescribed} table${undescribed === 1 ? " was" : "s were"} not described: ` +
        `the stage's time budget (${ctx.caps.stageMs / 1000} s, INDEX_STAGE_MS) ran out.`,
    );
  await writeDescriptions(ctx.datasetId, ctx.generation, rows);
  for (const r of rows) ctx.descriptions.set(columnKey(r.table, r.column), r.text);
  let edited = 0;
  for (const [key, d] of await readDescriptions(ctx.datasetId, null)) {
    ctx.descriptions.set(key, d.text);
    edited++;
  }
  ctx.progress.note(
    STAGE,
    `${rows.length} descriptions written by the ${writer.id} writer${
      edited ? `; ${edited} edited by hand kept as they are` : ""
    }.`,
  );
  ctx.progress.end(STAGE);
}
