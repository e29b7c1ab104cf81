/** Test support: an in-memory libsql database as the fixture's SqlEngine (tests only). */
import Database from "libsql";
import type { CellValue } from "../../trace/atoms";
import type { SqlEngine } from "./sample-ports";

export function memoryEngine(): SqlEngine & { close(): void } {
  const db = new Database(":memory:");
  return {
    exec: (sql) => void db.exec(sql),
    rows: (sql) => db.prepare(sql).raw(true).all() as CellValue[][],
    close: () => db.close(),
  };
}
