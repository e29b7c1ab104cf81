import { describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { importFiles, sqliteFile, tempDir } from "./testing/index-kit";

useTempDataDir();
const { runIndexing } = await import("./pipeline");
const { whenIndexingIdle } = await import("./queue");
const { listColumns, listJoins, searchCellsOf } = await import("./api");
const { loadSchemaGraph } = await import("./dataset-graph");

/** Imports one SQLite file (indexing is then run by hand with the given caps) and returns the outcome. */
async function indexSqlite(ddl: string, inserts: Record<string, unknown[][]>, caps = {}) {
  process.env.AUTO_INDEX = "0";
  const { id } = await importFiles([sqliteFile(tempDir(), "data.sqlite", ddl, inserts)]);
  process.env.AUTO_INDEX = "1";
  const outcome = (await runIndexing(id, { caps }))!;
  const notes = (stage: string) => outcome.stages.find((s) => s.name === stage)!.notes.join("\n");
  const profile = async (table: string, column: string) =>
    (await listColumns(id)).tables.find((t) => t.table === table)!.columns.find((c) => c.column === column)!.profile!;
  return { id, outcome, notes, profile };
}

const search = (id: string, q: string, extra: { table?: string; column?: string } = {}) =>
  searchCellsOf(id, { q, limit: 10, ...extra });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("indexing odd input", () => {
  it("profiles an all-null column, a binary column and 100 KB text cells", async () => {
    const big = (i: number) => `${"lorem ipsum ".repeat(8500)}#${i}`;
    const { id, outcome, notes, profile } = await indexSqlite(
      `CREATE TABLE docs (id INTEGER PRIMARY KEY, "nothing" TEXT, payload BLOB, body TEXT, title TEXT)`,
      {
        'INSERT INTO docs ("nothing", payload, body, title) VALUES (NULL, ?, ?, ?)': range(6).map((i) => [
          Buffer.from([i, 0, 255, 7]),
          big(i),
          `Report ${i}`,
        ]),
      },
    );
    expect(outcome.status).toBe("ready");
    expect(await profile("docs", "nothing")).toMatchObject({ nullCount: 6, distinctCount: 0, nullShare: 1 });
    // A BLOB column is binary: profiled by its cells' sizes in bytes, never as text.
    expect(await profile("docs", "payload")).toMatchObject({
      type: "binary",
      min: 4,
      max: 4,
      topValues: [{ value: 4, count: 6 }],
    });
    expect(notes("profiles")).toMatch(/docs\.payload: 6 binary values/);
    expect(notes("profiles")).toMatch(/docs\.body: 6 values of 1,000\+ characters were profiled by their first 1,000/);
    // Bodies differ only at their end, past the cap: they merge into one indexed value.
    expect((await profile("docs", "body")).distinctCount).toBe(1);
    expect(notes("cell index")).toMatch(/indexed by their first 500 characters/);
    const hits = (await search(id, "lorem ipsum", { column: "body" })).hits;
    expect(hits[0]).toMatchObject({ column: "body", rowCount: 6 });
    expect(hits[0].value.length).toBeLessThanOrEqual(500);
    expect((await search(id, "Report 3")).hits[0]).toMatchObject({ value: "Report 3", score: 1 });
  });

  it("indexes a single table without joins, and columns named by reserved words", async () => {
    const { id, outcome } = await indexSqlite(
      'CREATE TABLE "order" ("select" TEXT, "from" TEXT, "group" INTEGER, "rowid" TEXT)',
      {
        'INSERT INTO "order" VALUES (?, ?, ?, ?)': range(30).map((i) => [
          `pick ${i}`,
          ["Los Angeles", "Fresno"][i % 2],
          i,
          `r${i}`,
        ]),
      },
    );
    expect(outcome.status).toBe("ready");
    expect(outcome.stages.find((s) => s.name === "joins")).toMatchObject({
      status: "skipped",
      notes: ["One table: nothing to join."],
    });
    expect((await listJoins(id)).joins).toEqual([]);
    expect((await search(id, "LA")).hits[0]).toMatchObject({
      table: "order",
      column: "from",
      value: "Los Angeles",
      rowCount: 15,
    });
    // A column named rowid shadows the real one: the scan reaches it through another alias.
    expect((await search(id, "r7")).hits[0]).toMatchObject({ column: "rowid", value: "r7" });
    expect((await search(id, "r7")).hits[0].rowIds).toEqual([8]);
    const graph = (await loadSchemaGraph(id))!;
    expect(graph.nodes.map((n) => n.column)).toEqual(["select", "from", "group", "rowid"]);
  });

  it("indexes identical tables and joins them on their keys", async () => {
    const rows = range(40).map((i) => [i + 1, `Customer ${i}`]);
    const { id, outcome } = await indexSqlite(
      "CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE b (id INTEGER PRIMARY KEY, name TEXT);",
      {
        "INSERT INTO a VALUES (?, ?)": rows,
        "INSERT INTO b VALUES (?, ?)": rows,
      },
    );
    expect(outcome.status).toBe("ready");
    const joins = (await listJoins(id)).joins.map(
      (j) => `${j.from.table}.${j.from.column}=${j.to.table}.${j.to.column}`,
    );
    expect(joins.some((j) => /^[ab]\.id=[ab]\.id$/.test(j))).toBe(true);
    const hits = (await search(id, "Customer 7")).hits.filter((h) => h.value === "Customer 7");
    expect(hits.map((h) => h.table).sort()).toEqual(["a", "b"]);
  });

  it("caps a column with very many distinct values and says so", async () => {
    const { id, outcome, notes, profile } = await indexSqlite(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT, city TEXT)",
      {
        "INSERT INTO t (code, city) VALUES (?, ?)": range(3000).map((i) => [
          i < 1000 ? "COMMON" : `code-${i}`,
          ["Fresno", "Oakland"][i % 2],
        ]),
      },
      { cellValuesPerColumn: 500, scanValueBudget: 1000 },
    );
    expect(outcome.status).toBe("ready");
    expect((await profile("t", "code")).distinctCount).toBe(2001);
    expect(notes("cell index")).toMatch(
      /t\.code: more than 500 distinct values \(about 2,001\); the 500 most frequent are indexed/,
    );
    const common = (await search(id, "common", { column: "code" })).hits[0];
    expect(common).toMatchObject({ value: "COMMON", rowCount: 1000, rowIds: [1] });
    expect((await search(id, "oakland")).hits[0]).toMatchObject({ value: "Oakland", rowCount: 1500 });
  });

  it("reports a column that cannot be read and indexes the others", async () => {
    // Past the importer's 20,000-value type sample, so the bad row only shows when indexing reads it all.
    const rows = range(20_500).map((i) => [
      i === 20_400 ? "{oops" : `{"a": ${i % 10}}`,
      ["Fresno", "Los Angeles"][i % 2],
    ]);
    const { id, outcome, notes } = await indexSqlite(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT, county TEXT); CREATE VIEW v AS SELECT id, county, " +
        "json_extract(payload, '$.a') AS a FROM t;",
      { "INSERT INTO t (payload, county) VALUES (?, ?)": rows },
      { viewRows: 50_000 }, // views are sampled; this one is read whole
    );
    expect(outcome.status).toBe("ready");
    expect(outcome.failures).toEqual([
      expect.objectContaining({
        table: "v",
        column: "a",
        stage: "profiles",
        error: expect.stringMatching(/malformed JSON/),
      }),
    ]);
    expect(notes("profiles")).toMatch(/v\.a could not be read and is left out of the index: malformed JSON/);
    const cols = (await listColumns(id)).tables.find((t) => t.table === "v")!.columns;
    expect(cols.map((c) => [c.column, c.profile?.rowCount ?? null])).toEqual([
      ["id", 20_500],
      ["county", 20_500],
      ["a", null],
    ]);
    expect((await search(id, "LA", { table: "v" })).hits[0]).toMatchObject({ value: "Los Angeles", rowCount: 10_250 });
    await whenIndexingIdle();
  });
});
