import { describe, expect, it } from "vitest";
import { createRecorder, type TraceEventOf } from "../../trace";
import { mapCells, markNegated } from "../../retrieval/cell-mapping";
import { mergeCells } from "./cell-merging";
import { DEFAULT_FGTR_PARAMS } from "./params";
import { fillSchema } from "./schema-filling";
import { sampleSetup } from "../../retrieval/testing/setup";
import type { ColumnRange } from "../../retrieval/types";

const county: ColumnRange = {
  table: "counties",
  column: "name",
  role: "constrained",
  predicate: { op: "=", values: ["contra costa"] },
  query: "contra costa",
  source: "Contra Costa",
};
const takers: ColumnRange = {
  table: "satscores",
  column: "NumTstTakr",
  role: "constrained",
  predicate: { op: "<=", values: [250] },
  source: "250",
};

describe("cell mapping", () => {
  it("maps text through the cell index (top-n ∪ ≥ threshold) and uses the value the column holds", async () => {
    const { ports } = await sampleSetup();
    const sink = createRecorder();
    const [m] = await mapCells([county], DEFAULT_FGTR_PARAMS, ports, sink);
    expect(m.predicate).toEqual({ op: "=", values: ["Contra Costa"] });
    // An exact (normalised) match: no top-n padding.
    expect(m.values).toEqual(["Contra Costa"]);
    // A misspelling keeps the top-n neighbours, the right value first.
    const [typo] = await mapCells(
      [{ ...county, predicate: { op: "=", values: ["contra costta"] } }],
      DEFAULT_FGTR_PARAMS,
      ports,
      createRecorder(),
    );
    expect(typo.values[0]).toBe("Contra Costa");
    expect(typo.values).toHaveLength(3);
    const hits = sink.events.find((e): e is TraceEventOf<"cell-hits"> => e.type === "cell-hits")!;
    expect(hits.hits[0]).toMatchObject({ value: "Contra Costa", score: 1, rowCount: 1 });
    const wide = await mapCells(
      [county],
      { ...DEFAULT_FGTR_PARAMS, topN: 1, cellThreshold: 1 },
      ports,
      createRecorder(),
    );
    expect(wide[0].values).toEqual(["Contra Costa"]);
  });

  it("maps numbers and dates with SQL predicates, and reports every row", async () => {
    const { engine, ports } = await sampleSetup();
    const sink = createRecorder();
    const [m] = await mapCells(
      [takers, { table: "schools", column: "opened", role: "constrained", predicate: { op: ">=", values: ["2010"] } }],
      DEFAULT_FGTR_PARAMS,
      ports,
      sink,
    );
    const expected = engine.rows("SELECT rowid FROM satscores WHERE NumTstTakr <= 250 ORDER BY rowid").map((r) => r[0]);
    expect(m.rowIds).toEqual(expected);
    expect(sink.events.filter((e) => e.type === "sql").every((e) => e.type === "sql" && e.ok)).toBe(true);
    expect(
      sink.events
        .filter((e) => e.type === "cell-hits")
        .every((e) => e.type === "cell-hits" && e.hits.every((h) => h.match === "compare")),
    ).toBe(true);
  });

  it("marks the constraints inside a negation", async () => {
    const { ports } = await sampleSetup();
    const mapped = await mapCells([county], DEFAULT_FGTR_PARAMS, ports, createRecorder());
    expect(markNegated(mapped, { phrase: "contra costa" })[0].negated).toBe(true);
    expect(markNegated(mapped, { phrase: "fresno" })[0].negated).toBeUndefined();
  });
});

describe("cell merging", () => {
  it("unions a table's constrained rows, restricts joined tables to reachable rows, and reports sizes", async () => {
    const { engine, ports } = await sampleSetup();
    const cols = [
      { table: "counties", column: "name" },
      { table: "satscores", column: "NumTstTakr" },
    ];
    const filled = fillSchema(cols, ports, createRecorder(), { enabled: true });
    const mapped = await mapCells(
      [county],
      { ...DEFAULT_FGTR_PARAMS, topN: 1, cellThreshold: 1 },
      ports,
      createRecorder(),
    );
    const sink = createRecorder();
    const subs = await mergeCells(filled.columns, filled.tables, filled.join, mapped, DEFAULT_FGTR_PARAMS, ports, sink);
    const byTable = Object.fromEntries(subs.map((s) => [s.table, s]));
    expect(byTable.counties).toMatchObject({ rows: "constrained", rowIds: [2], totalRows: 6 });
    const expected = engine
      .rows(
        "SELECT DISTINCT t.rowid FROM satscores t JOIN schools s ON s.cds_code = t.cds JOIN districts d ON " +
          "d.district_id = s.district_id WHERE d.county_id = 2 ORDER BY 1",
      )
      .map((r) => r[0]);
    expect(byTable.satscores).toMatchObject({ rows: "joined", rowIds: expected });
    expect(sink.events.filter((e) => e.type === "sub-table")).toHaveLength(subs.length);
    const wholeSink = createRecorder();
    const whole = await mergeCells(
      filled.columns,
      filled.tables,
      filled.join,
      mapped,
      { ...DEFAULT_FGTR_PARAMS, propagateJoins: false },
      ports,
      wholeSink,
    );
    expect(whole.find((s) => s.table === "satscores")).toMatchObject({ rows: "all", rowIds: null });
    // A table kept whole says so instead of claiming a truncated list of no rows.
    const wholeEvent = wholeSink.events.find((e) => e.type === "sub-table" && e.table === "satscores");
    expect(wholeEvent).toMatchObject({ allRows: true, rowIdsTruncated: false, rowIds: [] });
    expect(sink.events.find((e) => e.type === "sub-table" && e.table === "counties")).toMatchObject({ allRows: false });
  });
});
