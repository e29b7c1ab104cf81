import { describe, expect, it } from "vitest";
import { loadSyncSqlite } from "./sync-sqlite";

describe("the insert worker's SQLite binding", () => {
  it("is better-sqlite3 where npm could build it, as on this project's machines", async () => {
    expect((await loadSyncSqlite()).name).toBe("better-sqlite3");
  });

  it("stores a value as the import decided: a number as REAL, a BigInt as INTEGER, text whole", async () => {
    const { Database } = await loadSyncSqlite();
    const db = new Database(":memory:");
    db.exec("CREATE TABLE t (v)");
    const insert = db.prepare("INSERT INTO t VALUES (?), (?), (?), (?)");
    insert.run([5e-324, 5, 42n, "a\u0000b"]);
    const rows = db.prepare("SELECT typeof(v) AS type, hex(v) AS bytes FROM t ORDER BY rowid").all();
    db.close();
    expect(rows.map((r) => (r as { type: string }).type)).toEqual(["real", "real", "integer", "text"]);
    expect((rows[3] as { bytes: string }).bytes).toBe("610062");
  });
});
