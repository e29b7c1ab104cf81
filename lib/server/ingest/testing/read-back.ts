import "server-only";
import fs from "node:fs";
import path from "node:path";
import { numberText } from "@/lib/core/ingest/infer-type";
import type { TableMeta } from "@/lib/core/model/dataset";
import { keptColumns, withKeptText } from "@/lib/server/written/store";
import { importCsv } from "../csv";
import { makeTempDir, makeTestContext, uploadedFile, type TestContext } from "./test-context";

/** A table as the app reads it back: column types, each cell's text, and each cell's storage class. */
export type ReadBack = { types: string[]; cells: string[][]; storage: string[][] };

/**
 * Reads a table back as the grid shows it (a cell's written text, a number printed in its column's
 * written form, NULL as an empty cell), with each cell's storage class.
 */
export function readBack(ctx: TestContext, table: Pick<TableMeta, "sqlName" | "columns">): ReadBack {
  const stored = { ...table, isView: false, schemaName: "main" } as TableMeta;
  const { extra, shown } = withKeptText(stored, `"${table.sqlName}".rowid`);
  const width = table.columns.length;
  const after = width + keptColumns(stored).length;
  const values = table.columns.map((c) => `"${c.sqlName}"`).join(", ");
  const classes = table.columns.map((c) => `typeof("${c.sqlName}")`).join(", ");
  const sql = `SELECT ${values}${extra}, ${classes} FROM "${table.sqlName}" ORDER BY rowid`;
  const rows = ctx.db.prepare(sql).raw(true).all() as unknown[][];
  const text = (v: unknown) => (v === null ? "" : typeof v === "number" ? numberText(v) : String(v));
  return {
    types: table.columns.map((c) => c.type),
    cells: rows.map((r) => shown(r, 0).map(text)),
    storage: rows.map((r) => r.slice(after, after + width) as string[]),
  };
}

/** Which writer an import uses: this thread's, one insert worker, or two taking turns. */
export type WriterKind = "same-thread" | "worker" | "two-workers";

/** Imports CSV text with the given writer and reads it back. */
export function importCsvText(content: string, writer: WriterKind): Promise<ReadBack> {
  return importCsvWith(content, writer, readBack);
}

/** Imports CSV text with the given writer and hands the rows file and the table to `inspect`. */
export async function importCsvWith<T>(
  content: string,
  writer: WriterKind,
  inspect: (ctx: TestContext, table: TableMeta) => T,
): Promise<T> {
  const dir = makeTempDir();
  const file = path.join(dir, "values.csv");
  fs.writeFileSync(file, content);
  const never = Number.POSITIVE_INFINITY;
  const ctx = makeTestContext(path.join(dir, "ds"), {
    insertWorkerMinBytes: writer === "same-thread" ? never : 0,
    twoInsertWorkersMinBytes: writer === "two-workers" ? 0 : never,
  });
  try {
    const [table] = await importCsv(uploadedFile(file), ctx);
    return inspect(ctx, table);
  } finally {
    ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
