import "server-only";
import fs from "node:fs";
import path from "node:path";
import { numberText } from "@/lib/core/ingest/infer-type";
import type { TableMeta } from "@/lib/core/model/dataset";
import { importCsv } from "./csv";
import { makeTempDir, makeTestContext, uploadedFile, type TestContext } from "./test-context";

/** A table as the app reads it back: column types, each cell's text, and each cell's storage class. */
export type ReadBack = { types: string[]; cells: string[][]; storage: string[][] };

/** Reads a table back: a number is printed as the grid prints it, NULL as an empty cell. */
export function readBack(ctx: TestContext, table: Pick<TableMeta, "sqlName" | "columns">): ReadBack {
  const select = table.columns.map((c) => `"${c.sqlName}", typeof("${c.sqlName}")`).join(", ");
  const rows = ctx.db.prepare(`SELECT ${select} FROM "${table.sqlName}" ORDER BY rowid`).raw(true).all() as unknown[][];
  const text = (v: unknown) => (v === null ? "" : typeof v === "number" ? numberText(v) : String(v));
  return {
    types: table.columns.map((c) => c.type),
    cells: rows.map((r) => r.filter((_, i) => i % 2 === 0).map(text)),
    storage: rows.map((r) => r.filter((_, i) => i % 2 === 1) as string[]),
  };
}

/** Which writer an import uses: this thread's, one insert worker, or two taking turns. */
export type WriterKind = "same-thread" | "worker" | "two-workers";

/** Imports CSV text with the given writer and reads it back. */
export async function importCsvText(content: string, writer: WriterKind): Promise<ReadBack> {
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
    return readBack(ctx, table);
  } finally {
    ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
