import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { importCsv } from "./csv";
import { ImportError } from "./errors";
import { makeTempDir, makeTestContext, uploadedFile, type TestContext } from "./testing/test-context";
import { InsertLane } from "./insert-lane";
import { WorkerTableWriter } from "./worker-table-writer";

const contexts: TestContext[] = [];
afterEach(() => {
  for (const c of contexts.splice(0)) if (c.db.open) c.close();
});

/**
 * Imports `content` on a fresh rows file (the worker writes it; with `two`, two workers taking turns)
 * or on a file in use (this connection writes).
 */
async function load(content: string, fresh: boolean, withTypes = true, two = false) {
  const dir = makeTempDir();
  const file = path.join(dir, "t.csv");
  fs.writeFileSync(file, content);
  const ctx = makeTestContext(path.join(dir, "ds"), {
    insertWorkerMinBytes: fresh ? 0 : Number.POSITIVE_INFINITY,
    twoInsertWorkersMinBytes: two ? 0 : Number.POSITIVE_INFINITY,
  });
  contexts.push(ctx);
  const [table] = await importCsv(uploadedFile(file), ctx);
  const typed = (c: { sqlName: string }) => `"${c.sqlName}"${withTypes ? `, typeof("${c.sqlName}")` : ""}`;
  const select = table.columns.map(typed).join(", ");
  const rows = ctx.db.prepare(`SELECT ${select} FROM "${table.sqlName}" ORDER BY rowid`).raw(true).all();
  return { table, rows: rows as unknown[][], ctx };
}

describe("writing a CSV table from the insert worker", () => {
  it("stores values and storage classes exactly as the same-connection writer does", async () => {
    const lines = ["n,r,mixed,late,note"];
    for (let i = 0; i < 3000; i++) {
      const late = i === 2000 ? "x" : String(i);
      lines.push(`${i},${i / 4},${i % 3 === 0 ? "x" : i},${late},"say ""${i}"",ok"`);
    }
    const content = `${lines.join("\n")}\n`;
    const finished = vi.spyOn(WorkerTableWriter.prototype, "finish");
    const viaWorker = await load(content, true);
    expect(finished).toHaveBeenCalledTimes(1);
    const direct = await load(content, false);
    expect(finished).toHaveBeenCalledTimes(1);
    finished.mockRestore();
    expect(viaWorker.rows).toEqual(direct.rows);
    expect(viaWorker.table.columns).toEqual(direct.table.columns);
    expect(viaWorker.table.columns.map((c) => c.type)).toEqual(["integer", "real", "text", "text", "text"]);
    // numbers before and after a column's first text both read back as the text written
    expect(viaWorker.rows[1]).toEqual([1, "integer", 0.25, "real", "1", "text", "1", "text", 'say "1",ok', "text"]);
    expect(viaWorker.rows[2999].slice(6, 8)).toEqual(["2999", "text"]);
  });

  it("writes the same table with two workers taking turns by batch, every row in its place", async () => {
    const lines = ["n,r,late,note"];
    for (let i = 0; i < 40_000; i++) lines.push(`${i},${i / 8},${i === 30_000 ? "x" : i},"row ""${i}"""`);
    const content = `${lines.join("\n")}\n`;
    const posted = vi.spyOn(InsertLane.prototype, "post");
    const two = await load(content, true, true, true);
    const opened = posted.mock.calls.filter(([m]) => m.type === "open").length;
    posted.mockRestore();
    expect(opened).toBe(2);
    const one = await load(content, true);
    expect(two.rows).toEqual(one.rows);
    expect(two.table.columns).toEqual(one.table.columns);
    expect(two.rows[39_999].slice(0, 2)).toEqual([39_999, "integer"]);
    const dir = path.dirname(two.ctx.freshRowsFile ?? "");
    expect(fs.readdirSync(dir).filter((f) => f.includes(".part-"))).toEqual([]);
  });

  it("reads tricky files the same way as the same-connection writer", async () => {
    const files = [
      'city,note\n"Fresno, CA","line one\nline two"\nLA,"say ""hi"""\n',
      "a,b,c\r\n1,2\r\n3,4,5\r\n\r\n",
      'title,note,n\n"Say \\"hi\\"","a\\\\b",1\n"plain","x, y",2\n',
      ",Sales,Sales,Sales\n,2019,2020,2021\nNorth,1,2,3\nSouth,4,5,6\nEast,7,8,9\nWest,1,1,1\n",
      "pct;diff;price;code;n\n.500;+23;3.10;007;4\n.250;-2;2.5;012;5\n-0;1e3;0.1;12345678901234567;\n",
      "\ufeffid\tlabel\n1\tnaïve\n2\t\n3\t  \n",
      "only,header\n",
    ];
    for (const content of files) {
      const viaWorker = await load(content, true);
      const direct = await load(content, false);
      expect(viaWorker.rows).toEqual(direct.rows);
      expect(viaWorker.table).toEqual(direct.table);
    }
  });

  it("reads the file only a little ahead of the rows written, so memory stays flat", async () => {
    const row = (i: number) => `${String(i).padStart(9, "0")},some text to make the row longer,${i % 1000}\n`;
    const rowBytes = row(0).length;
    const rows = 200_000;
    const { ctx } = await load(`id,text,n\n${Array.from({ length: rows }, (_, i) => row(i)).join("")}`, true);
    const reports = ctx.progress.filter((p) => p.bytesDone !== undefined && p.rowsDone !== undefined);
    expect(reports.length).toBeGreaterThan(10);
    const ahead = Math.max(...reports.map((p) => (p.bytesDone ?? 0) - (p.rowsDone ?? 0) * rowBytes));
    expect(ahead).toBeLessThan(2 * 2 ** 20);
  });

  it("splits wide rows into statements under SQLite's parameter limit", async () => {
    const width = 2000;
    const header = Array.from({ length: width }, (_, i) => `c${i}`).join(",");
    const row = (r: number) => Array.from({ length: width }, (_, i) => r * width + i).join(",");
    const { table, rows } = await load(`${header}\n${[0, 1, 2, 3, 4].map(row).join("\n")}\n`, true, false);
    expect(table.rowCount).toBe(5);
    expect(rows[4][1999]).toBe(4 * width + 1999);
  });

  it("resumes the rows file's transaction for the files imported after it", async () => {
    const dir = makeTempDir();
    const ctx = makeTestContext(path.join(dir, "ds"), { insertWorkerMinBytes: 0 });
    contexts.push(ctx);
    ctx.db.exec("BEGIN");
    ctx.db.exec("CREATE TABLE before_csv (x)");
    for (const name of ["a.csv", "b.csv"]) {
      fs.writeFileSync(path.join(dir, name), "k,v\n1,one\n2,two\n");
      await importCsv(uploadedFile(path.join(dir, name)), ctx);
      expect(ctx.db.inTransaction).toBe(true);
    }
    ctx.db.exec("COMMIT");
    const tables = ctx.db.prepare("SELECT name FROM sqlite_master ORDER BY name").raw(true).all();
    expect(tables.flat()).toEqual(["_written_text", "a", "b", "before_csv"]);
  });

  it("stops the worker and keeps nothing of a file that fails after many rows", async () => {
    const lines = ["a,b"];
    for (let i = 0; i < 30_000; i++) lines.push(`${i},x`);
    lines.push("1,2,3");
    const error = await load(`${lines.join("\n")}\n`, true).catch((err) => err);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).code).toBe("csv_row_too_long");
    const ctx = contexts[contexts.length - 1];
    expect(ctx.db.prepare("SELECT count(*) FROM sqlite_master").raw(true).get()).toEqual([0]);
  });
});
