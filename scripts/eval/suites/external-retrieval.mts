// Schema and cell retrieval of an external question with gold SQL on a SQLite file, scored as the
// in-app batches score them (lib/core/eval): the columns FGTR or SGAM used, and FGTR's sub-table cells.
import Database from "libsql";
import type { EvalArgs } from "../args.mts";
import { analyzeGoldSql, type DbSchema } from "../../../lib/core/eval/gold-sql.ts";
import { goldCellKeys, predictedCellKeys, scoreQuestion } from "../../../lib/core/eval/score-question.ts";
import type { QuestionRecord } from "../report.mts";
import type { ExternalOutcome } from "../run-external-method.mts";

function sqliteSchema(db: InstanceType<typeof Database>): DbSchema {
  const schema: DbSchema = new Map();
  for (const [t] of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").raw(true).all() as string[][]) {
    schema.set(
      t.toLowerCase(),
      (db.prepare(`PRAGMA table_info("${t.replace(/"/g, '""')}")`).all() as Array<{ name: string }>).map((c) =>
        c.name.toLowerCase(),
      ),
    );
  }
  return schema;
}

/** Adds schema (and, for FGTR, cell) scores to `record`; a gold SQL that fails is reported and skipped. */
export async function scoreExternalRetrieval(
  goldSql: string,
  sqliteFile: string,
  r: ExternalOutcome,
  args: EvalArgs,
  tableName: (display: string) => string,
  record: QuestionRecord,
): Promise<void> {
  if (args.method !== "fgtr" && args.method !== "sgam") return;
  try {
    const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
    try {
      const rows = async (sql: string) => db.prepare(sql).raw(true).all() as unknown[][];
      const gold = analyzeGoldSql(goldSql, sqliteSchema(db));
      const goldCells = args.method === "fgtr" ? await goldCellKeys(gold, rows) : null;
      const predictedCells = goldCells?.size ? await predictedCellKeys(r.subTables, tableName, rows) : null;
      record.columns.gold = [...gold.columns];
      const scored = scoreQuestion({
        goldAnswer: null,
        values: [],
        goldColumns: gold.columns,
        predictedColumns: r.filled,
        goldCells,
        predictedCells,
      });
      if (scored.schema) record.schema = scored.schema;
      if (scored.cells && predictedCells && goldCells)
        record.cells = { ...scored.cells, predicted: predictedCells.size, gold: goldCells.size };
    } finally {
      db.close();
    }
  } catch (err) {
    console.error(`gold SQL of ${record.id} failed: ${(err as Error).message.slice(0, 120)}`);
  }
}
