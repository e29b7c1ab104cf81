import fs from "node:fs";
import { sparseFile, sqliteBytes, sqliteFile } from "./build";
import { type CorpusCase, csv, ok, fails, simpleDb } from "./case-helpers";

// SQLite files: truncated, encrypted, WAL or sparse files, odd schemas (missing tables, WITHOUT ROWID, blobs).
export const SQLITE_CASES: CorpusCase[] = [
  {
    file: "good.sqlite",
    class: "sqlite",
    why: "a small valid database",
    build: (p) => sqliteFile(p, simpleDb),
    expect: ok(1, 2),
  },
  {
    file: "truncated.sqlite",
    class: "sqlite",
    why: "a database cut short",
    build: (p) => {
      const b = sqliteBytes(
        `${p}.tmp`,
        `${simpleDb} CREATE TABLE big(x); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < ` +
          `3000) INSERT INTO big SELECT hex(randomblob(40)) FROM n;`,
      );
      fs.writeFileSync(p, b.subarray(0, Math.floor(b.length / 3)));
    },
    expect: fails(/sqlite_/),
  },
  {
    file: "wrong-header.sqlite",
    class: "sqlite",
    why: "a damaged magic header",
    build: (p) => {
      const b = sqliteBytes(`${p}.tmp`, simpleDb);
      b.write("SQLite format 4", 0, "latin1");
      fs.writeFileSync(p, b);
    },
    expect: fails(/sqlite_invalid|unsupported_type/),
  },
  {
    file: "wal-only.sqlite",
    class: "sqlite",
    why: "a write-ahead log without its main file",
    build: (p) => {
      const h = Buffer.alloc(4096);
      h.writeUInt32BE(0x377f0682, 0);
      h.writeUInt32BE(3007000, 4);
      fs.writeFileSync(p, h);
    },
    expect: fails(/sqlite_invalid|unsupported_type/),
  },
  {
    file: "encrypted.sqlite",
    class: "sqlite",
    why: "an encrypted database (random bytes, no header)",
    build: (p) => {
      let s = 1;
      fs.writeFileSync(
        p,
        Buffer.from(Array.from({ length: 8192 }, () => (s = (s * 1103515245 + 12345) & 0x7fffffff) & 0xff)),
      );
    },
    expect: fails(/sqlite_invalid|unsupported_type/),
  },
  {
    file: "view-missing-table.sqlite",
    class: "sqlite",
    why: "a view over a table that does not exist",
    build: (p) =>
      sqliteFile(p, `${simpleDb} CREATE TABLE gone(x); CREATE VIEW v AS SELECT * FROM gone; DROP TABLE gone;`),
    expect: ok(1, 2, (d) => {
      if (!d.tables[0].notes.some((n) => n.includes('"v"')))
        throw new Error(`no note about the broken view: ${JSON.stringify(d.tables[0].notes)}`);
    }),
  },
  {
    file: "no-tables.sqlite",
    class: "sqlite",
    why: "a valid database with no tables",
    build: (p) => sqliteFile(p, "PRAGMA user_version = 1;"),
    expect: fails(/sqlite_(empty|invalid)/),
  },
  {
    file: "fk-to-missing.sqlite",
    class: "sqlite",
    why: "a foreign key to a table that does not exist",
    build: (p) =>
      sqliteFile(
        p,
        "PRAGMA foreign_keys = OFF; CREATE TABLE c(id INTEGER PRIMARY KEY, p_id INTEGER REFERENCES nowhere(id)); " +
          "INSERT INTO c VALUES (1, 9);",
      ),
    expect: ok(1, 1),
  },
  {
    file: "reserved-names.sqlite",
    class: "sqlite",
    why: "tables and columns named like SQL keywords and with quotes",
    build: (p) =>
      sqliteFile(
        p,
        `CREATE TABLE "select"("from" TEXT, "a""b" INTEGER, "order" REAL); INSERT INTO "select" VALUES ('x', 1, 2.5);`,
      ),
    expect: ok(1, 1),
  },
  {
    file: "blobs.sqlite",
    class: "sqlite",
    why: "binary blob values",
    build: (p) =>
      sqliteFile(
        p,
        "CREATE TABLE b(id INTEGER PRIMARY KEY, data BLOB); INSERT INTO b VALUES (1, randomblob(3000)), (2, " +
          "x'00ff00');",
      ),
    expect: ok(1, 2, (d) => {
      if (d.tables[0].columns[1].type !== "binary") throw new Error(`BLOB column typed ${d.tables[0].columns[1].type}`);
    }),
  },
  {
    file: "without-rowid.sqlite",
    class: "sqlite",
    why: "a WITHOUT ROWID table",
    build: (p) =>
      sqliteFile(p, "CREATE TABLE w(k TEXT PRIMARY KEY, v INT) WITHOUT ROWID; INSERT INTO w VALUES ('a', 1);"),
    expect: ok(1, 1),
  },
  {
    file: "wal-mode.sqlite",
    class: "sqlite",
    why: "a database left in WAL mode",
    build: (p) => {
      sqliteFile(p, simpleDb);
    },
    expect: ok(1, 2),
  },
  {
    file: "sparse-10gb.sqlite",
    class: "sqlite",
    why: "a 10 GB sparse file behind a valid header",
    large: true,
    build: (p) => sparseFile(p, sqliteBytes(`${p}.tmp`, simpleDb), 10 * 1024 ** 3),
    expect: fails("file_too_large"),
  },
  {
    file: "text-named.sqlite",
    class: "sqlite",
    why: "text renamed .sqlite",
    build: csv("hello, not a database\n"),
    expect: fails("sqlite_invalid"),
  },
  {
    file: "zero-bytes.sqlite",
    class: "sqlite",
    why: "an empty file",
    build: csv(""),
    expect: fails(/sqlite_(invalid|empty)/),
  },
];
