import fs from "node:fs";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { sqliteFile } from "./build";
import type { CorpusCase } from "./cases";

// The fuzz corpus of SQLite schemas (issue 13): views that never end or explode, views over
// missing tables, triggers, virtual tables, generated columns, WITHOUT ROWID, very many tables or
// columns, reserved and colliding names, and the UTF-32 text the issue found. Each imports (and
// must then answer) or is refused with a message naming the file; none may hold the server.

const ok = (tables: number, check?: (d: DatasetDetail) => void) => ({ ok: true as const, tables, check });
const fails = (code: string | RegExp) => ({ ok: false as const, code });
const db = (sql: string) => (p: string) => sqliteFile(p, sql);
const numbers = (table: string, n: number) =>
  `CREATE TABLE ${table}(i INTEGER PRIMARY KEY, label TEXT); WITH RECURSIVE s(i) ` +
  `AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) INSERT INTO ${table} SELECT i, 'row ' || i FROM s;`;

const table = (d: DatasetDetail, name: string) => {
  const t = d.tables.find((x) => x.sqlName === name || x.name === name);
  if (!t) throw new Error(`no table "${name}" in ${d.tables.map((x) => x.name).join(", ")}`);
  return t;
};
const noteAbout = (d: DatasetDetail, word: string) => {
  if (!d.tables.some((t) => t.notes.some((n) => n.includes(word))))
    throw new Error(`no note mentions ${word}: ${JSON.stringify(d.tables.map((t) => t.notes))}`);
};
/** A view whose count was cut: imported, marked as a view, "≥ N rows, counting stopped". */
const cutView = (name: string) => (d: DatasetDetail) => {
  const v = table(d, name);
  if (!v.isView || !v.rowCountCut)
    throw new Error(
      `${name}: expected a view with a cut count, ` +
        `got ${JSON.stringify({ isView: v.isView, rowCountCut: v.rowCountCut, rowCount: v.rowCount })}`,
    );
};
const cleanNames = (d: DatasetDetail) => {
  for (const t of d.tables) {
    // eslint-disable-next-line no-control-regex
    for (const name of [t.name, ...t.columns.map((c) => c.name)])
      if (/[\u0000-\u001f\u007f]/.test(name))
        throw new Error(`a control character reached the name ${JSON.stringify(name)}`);
  }
};

/** UTF-32 text with its byte-order mark (LE: FF FE 00 00, BE: 00 00 FE FF). */
function utf32(s: string, littleEndian: boolean): Buffer {
  const points = [0xfeff, ...Array.from(s, (ch) => ch.codePointAt(0)!)];
  const out = Buffer.alloc(points.length * 4);
  points.forEach((p, i) => (littleEndian ? out.writeUInt32LE(p, i * 4) : out.writeUInt32BE(p, i * 4)));
  return out;
}

export const SCHEMA_CASES: CorpusCase[] = [
  {
    file: "recursive-view.sqlite",
    class: "sqlite",
    why: "a view that never ends (WITH RECURSIVE without a stop)",
    build: db(
      `${numbers("t", 3)} CREATE VIEW forever AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) ` +
        `SELECT x FROM c;`,
    ),
    expect: ok(2, cutView("forever")),
  },
  {
    file: "cartesian-view.sqlite",
    class: "sqlite",
    why: "a 1,300-row table cross-joined three times (2.2 billion rows)",
    build: db(`${numbers("n", 1300)} CREATE VIEW boom AS SELECT a.i FROM n a, n b, n c;`),
    expect: ok(2, cutView("boom")),
  },
  {
    file: "aggregate-over-cartesian.sqlite",
    class: "sqlite",
    why: "a view whose first row needs the whole cross join",
    build: db(`${numbers("n", 1300)} CREATE VIEW total AS SELECT count(*) AS c FROM n a, n b, n c;`),
    expect: ok(1, (d) => noteAbout(d, '"total"')),
  },
  {
    file: "view-over-view-recursive.sqlite",
    class: "sqlite",
    why: "a view over a never-ending view",
    build: db(
      `${numbers("t", 3)} CREATE VIEW forever AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) ` +
        `SELECT x FROM c; CREATE VIEW doubled AS SELECT x * 2 AS y FROM forever;`,
    ),
    expect: ok(3, cutView("doubled")),
  },
  {
    file: "only-broken-view.sqlite",
    class: "sqlite",
    why: "nothing but a view over a missing table",
    build: db("CREATE TABLE gone(x); CREATE VIEW v AS SELECT * FROM gone; DROP TABLE gone;"),
    expect: fails("sqlite_empty"),
  },
  {
    file: "view-missing-column.sqlite",
    class: "sqlite",
    why: "a view naming a column its table lost",
    build: db(
      "CREATE TABLE t(a, b); CREATE VIEW v AS SELECT b FROM t; DROP TABLE t; CREATE TABLE t(a); " +
        "INSERT INTO t VALUES (1);",
    ),
    expect: ok(1, (d) => noteAbout(d, '"v"')),
  },
  {
    file: "triggers.sqlite",
    class: "sqlite",
    why: "triggers that write on insert, update and delete",
    build: db(
      `${numbers("t", 5)} CREATE TABLE log(msg TEXT); CREATE TRIGGER ti AFTER INSERT ON t BEGIN INSERT INTO log ` +
        `VALUES ('ins ' || new.i); END; CREATE TRIGGER td BEFORE DELETE ON t BEGIN SELECT RAISE(ABORT, 'no'); END;`,
    ),
    expect: ok(2),
  },
  {
    file: "fts5.sqlite",
    class: "sqlite",
    why: "an FTS5 virtual table and its shadow tables",
    build: db(
      "CREATE TABLE doc(id INTEGER PRIMARY KEY, title TEXT); INSERT INTO doc VALUES (1, 'alpha'); " +
        "CREATE VIRTUAL TABLE docs USING fts5(title, body); INSERT INTO docs VALUES ('alpha', 'first text'), " +
        "('beta', 'second text');",
    ),
    expect: ok(2, (d) => noteAbout(d, "docs_data")),
  },
  {
    file: "rtree.sqlite",
    class: "sqlite",
    why: "an R*Tree virtual table and its shadow tables",
    build: db(
      "CREATE VIRTUAL TABLE box USING rtree(id, minx, maxx, miny, maxy); INSERT INTO box VALUES (1, 0, 1, 0, 1), " +
        "(2, 5, 6, 5, 6);",
    ),
    expect: ok(1, (d) => noteAbout(d, "box_node")),
  },
  {
    file: "generated-columns.sqlite",
    class: "sqlite",
    why: "VIRTUAL and STORED generated columns",
    build: db(
      "CREATE TABLE g(a INTEGER, b INTEGER, s INTEGER GENERATED ALWAYS AS (a + b) VIRTUAL, " +
        "p TEXT AS (a || '-' || b) STORED); INSERT INTO g(a, b) VALUES (1, 2), (3, 4);",
    ),
    expect: ok(1, (d) => {
      if (table(d, "g").columns.length !== 4) throw new Error("generated columns are missing");
    }),
  },
  {
    file: "without-rowid-composite.sqlite",
    class: "sqlite",
    why: "a WITHOUT ROWID table with a composite key",
    build: db(
      "CREATE TABLE w(a TEXT, b INT, v TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID; INSERT INTO w VALUES ('x', 1, " +
        "'one'), ('x', 2, 'two');",
    ),
    expect: ok(1),
  },
  {
    file: "columns-1000.sqlite",
    class: "sqlite",
    why: "one table of 1,000 columns",
    build: db(
      `CREATE TABLE wide(${Array.from({ length: 1000 }, (_, i) => `c${i} TEXT`).join(", ")}); ` +
        `INSERT INTO wide VALUES (${Array.from({ length: 1000 }, (_, i) => `'v${i}'`).join(", ")});`,
    ),
    expect: ok(1, (d) => {
      if (d.tables[0].columns.length !== 1000) throw new Error("columns lost");
    }),
  },
  {
    file: "tables-2000.sqlite",
    class: "sqlite",
    why: "2,000 tables",
    large: true,
    build: (p) =>
      sqliteFile(
        p,
        Array.from(
          { length: 2000 },
          (_, i) => `CREATE TABLE t${i}(id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t${i} VALUES (1, 'x${i}');`,
        ).join(" "),
      ),
    expect: ok(2000),
  },
  {
    file: "colliding-names.sqlite",
    class: "sqlite",
    why: 'names that collide once made identifiers ("a b", a_b, A-B)',
    build: db(
      `CREATE TABLE "a b"(x); CREATE TABLE a_b(x); CREATE TABLE "A-B"("c d", c_d, "C-D"); ` +
        `INSERT INTO "A-B" VALUES (1, 2, 3);`,
    ),
    expect: ok(3, (d) => {
      if (new Set(d.tables.map((t) => t.name.toLowerCase())).size !== 3) throw new Error("display names collide");
    }),
  },
  {
    file: "control-char-names.sqlite",
    class: "sqlite",
    why: "table and column names holding control characters",
    build: db(
      `CREATE TABLE "tab\u0001le"("na\u0007me" TEXT, "\u001bcol" INT); INSERT INTO "tab\u0001le" VALUES ('x', 1);`,
    ),
    expect: ok(1, cleanNames),
  },
  {
    file: "reserved-everywhere.sqlite",
    class: "sqlite",
    why: "keywords as table, view and column names",
    build: db(
      `CREATE TABLE "where"("group" TEXT, "order" INT, "rowid" INT, "_rowid_" INT, "oid" INT); ` +
        `INSERT INTO "where" VALUES ('g', 1, 2, 3, 4); CREATE VIEW "select" AS SELECT "group" AS "from" FROM "where";`,
    ),
    expect: ok(2),
  },
  {
    file: "empty-view.sqlite",
    class: "sqlite",
    why: "a view with no rows and a table with none",
    build: db("CREATE TABLE e(a TEXT); CREATE VIEW ev AS SELECT a FROM e;"),
    expect: ok(2),
  },
  {
    file: "utf32le-bom.csv",
    class: "csv",
    why: "UTF-32 LE with its byte-order mark",
    build: (p) => fs.writeFileSync(p, utf32("name,city\nZoë,Málaga\n", true)),
    expect: ok(1, (d) => {
      cleanNames(d);
      if (d.tables[0].columns[0].name !== "name")
        throw new Error(`first column is ${JSON.stringify(d.tables[0].columns[0].name)}`);
    }),
  },
  {
    file: "utf32be-bom.csv",
    class: "csv",
    why: "UTF-32 BE with its byte-order mark",
    build: (p) => fs.writeFileSync(p, utf32("name,city\nZoë,Málaga\n", false)),
    expect: ok(1, cleanNames),
  },
];
