import fs from "node:fs";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { text } from "./build";

/**
 * The malformed-input corpus (issue "Reliability and security"): files that are broken, hostile or
 * merely unusual, each with what the import must do — a correct import, or a clear error that
 * names the file. `large` files are generated on demand and not committed.
 */
/** A file of the hostile corpus and the generator that rebuilds it (large ones are never committed). */
export type CorpusFile = Pick<CorpusCase, "file" | "why" | "large" | "build">;

export type CorpusCase = {
  file: string;
  class: "csv" | "xlsx" | "sqlite";
  why: string;
  large?: boolean;
  build: (path: string) => void | Promise<void>;
  expect:
    | { ok: true; tables?: number; rows?: number; check?: (d: DatasetDetail) => void }
    | { ok: false; code: string | RegExp };
};

/** Building blocks of the corpus cases: a file writer, and what an import must give. */
export const write = (data: Buffer | string) => (p: string) => fs.writeFileSync(p, data);
export const csv = (s: string) => write(text(s));
export const ok = (tables = 1, rows?: number, check?: (d: DatasetDetail) => void) => ({
  ok: true as const,
  tables,
  rows,
  check,
});
export const fails = (code: string | RegExp) => ({ ok: false as const, code });
export const headerRow = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}`).join(",");
export const simpleDb = "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1,'a'),(2,'b');";

export function expectValue(d: DatasetDetail, column: string, name: string): void {
  const col = d.tables[0].columns.find((c) => c.name === column);
  if (!col) throw new Error(`${name}: no column "${column}" in ${d.tables[0].columns.map((c) => c.name).join(", ")}`);
}
