import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { writeSqlite } from "./sqlite-write.mts";
import { mdyDatetime, tablesOfTsqlScript, tsqlBatches, tsqlStatements } from "./tsql.mts";

const dir = mkdtempSync(path.join(os.tmpdir(), "realworld-tsql-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A small install script in instpubs.sql's own dialect: GO batches, sp_addtype, INSERT without
// INTO, money literals, a bit column written as 3, an IDENTITY column, DEFAULTs and a view.
const SCRIPT = [
  "set dateformat mdy",
  "execute sp_addtype id      ,'varchar(11)' ,'NOT NULL'",
  "execute sp_addtype tid     ,'varchar(6)'  ,'NOT NULL'",
  "raiserror('Now at the create table section ....',0,1)",
  "GO",
  "CREATE TABLE authors\r\n(\r\n   au_id id\r\n      CHECK (au_id like '[0-9][0-9][0-9]-[0-9][0-9]')\r\n" +
    "      CONSTRAINT UPKCL_auidind PRIMARY KEY CLUSTERED,\r\n   au_lname varchar(40) NOT NULL,\r\n" +
    "   contract bit NOT NULL\r\n)",
  "GO",
  "CREATE TABLE titles\n(\n   title_id tid CONSTRAINT UPKCL_titleidind PRIMARY KEY CLUSTERED,\n" +
    "   type char(12) NOT NULL DEFAULT ('UNDECIDED'),\n   price money NULL,\n" +
    "   pubdate datetime NOT NULL DEFAULT (getdate())\n)",
  "go",
  "CREATE TABLE titleauthor\n(\n   au_id id REFERENCES authors(au_id),\n" +
    "   title_id tid REFERENCES titles(title_id),\n" +
    "   CONSTRAINT UPKCL_taind PRIMARY KEY CLUSTERED(au_id, title_id)\n)",
  "GO",
  "CREATE TABLE jobs\n(\n   job_id smallint IDENTITY(1,1) PRIMARY KEY CLUSTERED,\n   job_desc varchar(50) NOT NULL\n)",
  "GO",
  "raiserror('Now at the inserts ....',0,1)",
  "insert authors\n   values('409-56', 'O''Leary', 1)",
  "insert authors values('213-46', 'Gringlesby', 3)",
  "insert titles values ('PC8888', 'popular_comp',\n$20.00, '06/12/91')",
  "insert titles (title_id) values('MC3026')",
  "insert titleauthor values('409-56', 'PC8888')",
  "insert titleauthor values('213-46', 'PC8888')",
  "insert jobs values ('New Hire')",
  "insert jobs values ('Editor')",
  "GO",
  "CREATE VIEW titleview\nAS\nselect t.title_id, a.au_lname, t.price\nfrom authors a, titles t, titleauthor ta\n" +
    "where a.au_id = ta.au_id AND t.title_id = ta.title_id",
  "GO",
  "CREATE PROCEDURE byroyalty @percentage int\nAS\nselect au_id from titleauthor",
  "GO",
].join("\n");

describe("T-SQL scripts", () => {
  it("splits at GO lines (any case) and before each INSERT line, never inside a quoted text", () => {
    expect(tsqlBatches("a\nGO\nb\n  go  \nc")).toEqual(["a", "b", "c"]);
    expect(tsqlStatements("raiserror('x',0,1)\ninsert t values('a\ninsert b')\ninsert t values(2)")).toEqual([
      "raiserror('x',0,1)",
      "insert t values('a\ninsert b')",
      "insert t values(2)",
    ]);
  });

  it("reads mdy datetime literals as SQL Server does, two-digit years cut at 50", () => {
    expect(mdyDatetime("06/12/91")).toBe("1991-06-12 00:00:00");
    expect(mdyDatetime("1/2/05")).toBe("2005-01-02 00:00:00");
    expect(mdyDatetime("12/31/1999")).toBe("1999-12-31 00:00:00");
    expect(mdyDatetime("not a date")).toBe("not a date");
  });

  it("reads tables with their user-defined types, keys, identity numbers, defaults and bit values", () => {
    const { tables, views } = tablesOfTsqlScript(SCRIPT);
    const byName = Object.fromEntries(tables.map((t) => [t.def.name, t]));
    expect(Object.keys(byName)).toEqual(["authors", "titles", "titleauthor", "jobs"]);
    expect(byName.authors.def.columns[0]).toEqual({ name: "au_id", type: "varchar(11)", notNull: true });
    expect(byName.authors.def.primaryKey).toEqual(["au_id"]);
    expect(byName.titleauthor.def.primaryKey).toEqual(["au_id", "title_id"]);
    expect(byName.titleauthor.def.foreignKeys.map((f) => f.table)).toEqual(["authors", "titles"]);
    expect(byName.authors.rows).toEqual([
      ["409-56", "O'Leary", "1"],
      ["213-46", "Gringlesby", "1"],
    ]);
    // A clock DEFAULT is the install time, not data: NULL, and the column no longer NOT NULL.
    expect(byName.titles.rows).toEqual([
      ["PC8888", "popular_comp", "20.00", "1991-06-12 00:00:00"],
      ["MC3026", "UNDECIDED", null, null],
    ]);
    expect(byName.titles.def.columns.find((c) => c.name === "pubdate")?.notNull).toBe(false);
    expect(byName.jobs.rows).toEqual([
      [1, "New Hire"],
      [2, "Editor"],
    ]);
    expect(views.map((v) => v.name)).toEqual(["titleview"]);
  });

  it("writes a SQLite file whose view runs, and drops the columns asked", () => {
    const file = path.join(dir, "pubs.sqlite");
    const { tables, views } = tablesOfTsqlScript(SCRIPT, { drop: ["titles.type"] });
    writeSqlite(file, tables, views);
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare("SELECT au_lname, price FROM titleview ORDER BY au_lname").all();
      expect(rows).toEqual([
        { au_lname: "Gringlesby", price: 20 },
        { au_lname: "O'Leary", price: 20 },
      ]);
      const cols = (db.prepare("PRAGMA table_info(titles)").all() as Array<{ name: string }>).map((c) => c.name);
      expect(cols).toEqual(["title_id", "price", "pubdate"]);
    } finally {
      db.close();
    }
  });

  it("refuses an INSERT whose values do not fit the table", () => {
    const bad = "CREATE TABLE t (a int, b int)\nGO\ninsert t values (1, 2, 3)\nGO";
    expect(() => tablesOfTsqlScript(bad)).toThrow(/3 values for 2 columns/);
  });
});
