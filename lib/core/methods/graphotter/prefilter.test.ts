import { describe, expect, it } from "vitest";
import type { CellHit } from "../../model/index-types";
import type { ColumnMeta, TableMeta } from "../../model/dataset";
import type { RetrievalPorts, SqlOptions } from "../../retrieval/ports";
import { createRecorder, type TraceEvent } from "../../trace";
import type { CellValue } from "../../trace/atoms";
import { runOnDataset } from "./dataset-run";
import { parseGraphotterParams } from "./params";

// A fake port standing for a 1,000,000-row plain table: it knows which rows each city has and
// answers the guarded SELECT it is sent, recording every statement and every row it hands out.
const ROWS = 1_000_000;
const CITIES = ["Fresno", "Oakland", "Irvine", "Stockton"];
const rowAt = (id: number): CellValue[] => [id, `Customer ${id % 997}`, CITIES[id % 4], (id * 37) % 1000];
const columns: ColumnMeta[] = ["id", "customer", "city", "amount"].map((name, i) => ({
  name,
  sqlName: name,
  type: i === 1 || i === 2 ? "text" : "integer",
  position: i,
  nullable: true,
  isPrimaryKey: i === 0,
}));
const table = { name: "orders", sqlName: "orders", rowCount: ROWS, columns, layout: null } as unknown as TableMeta;

function fakeRetrieval(log: { sql: string[]; rowsOut: number }): RetrievalPorts {
  return {
    schema: {
      tables: [
        {
          name: "orders",
          sqlRef: '"orders"',
          rowCount: ROWS,
          hasRowId: true,
          columns: columns.map((c) => ({
            column: c.sqlName,
            name: c.name,
            type: c.type,
            isPrimaryKey: c.isPrimaryKey,
          })),
        },
      ],
    },
    graph: { nodes: [], edges: [] } as never,
    searchCells: async (query: string): Promise<CellHit[]> => {
      const city = CITIES.find((c) => c.toLowerCase() === query.toLowerCase());
      return city
        ? [
            {
              table: "orders",
              column: "city",
              value: city,
              score: 1,
              similarity: 1,
              match: "exact",
              rowCount: ROWS / 4,
            },
          ]
        : [];
    },
    runSql: async (sql: string, options?: SqlOptions) => {
      log.sql.push(sql);
      const city = String(options?.params?.[0]);
      const wanted = Math.min(options?.maxRows ?? 200, 3);
      const rows: CellValue[][] = [];
      // Rows of the city, as the WHERE selects them; the fake scans ids only until it has enough.
      for (let id = 1; rows.length < wanted && id <= ROWS; id++)
        if (CITIES[id % 4] === city) rows.push([id, ...rowAt(id)]);
      log.rowsOut += rows.length;
      return { columns: ["rowid", ...columns.map((c) => c.sqlName)], rows, truncated: false, ms: 1 };
    },
    reasoner: "local",
  };
}

describe("GraphOTTER on a plain 1,000,000-row table", () => {
  it("reads only the rows its SQL pre-filter selects, never the whole grid, and says why", async () => {
    const log = { sql: [] as string[], rowsOut: 0, opened: 0 };
    const sink = createRecorder();
    const result = await runOnDataset(
      {
        question: "What is the amount of the orders from Fresno?",
        params: parseGraphotterParams({}),
        reasoner: "local",
        llm: null,
      },
      {
        "cell-graph": {
          datasetName: "bench",
          tables: [table],
          open: async () => {
            log.opened++;
            throw new Error("the whole table must not be read");
          },
          retrieval: async () => fakeRetrieval(log),
        },
        "table-ranking": async () => [],
      },
      sink,
    );
    const events = sink.events as TraceEvent[];
    expect(log.opened).toBe(0);
    expect(log.sql).toHaveLength(1);
    expect(log.sql[0]).toMatch(/WHERE "city" IN \(\?\) LIMIT 200$/);
    const graph = events.find((e) => e.type === "cell-graph");
    // The cell graph holds the header row and the selected rows, nothing else.
    expect(graph).toMatchObject({ rows: 1 + log.rowsOut, prefilter: { rows: log.rowsOut, tableRows: ROWS } });
    expect(
      events.some(
        (e) => e.type === "warning" && e.code === "plain_table" && /meant for complex tables/.test(e.message),
      ),
    ).toBe(true);
    // Every cell an action touched lies in those rows.
    for (const e of events)
      if (e.type === "graph-action")
        for (const id of e.resultNodes) expect(Number(/^r(\d+)/.exec(id)![1])).toBeLessThanOrEqual(log.rowsOut);
    expect(result.answer.evidence.every((c) => CITIES[Number(c.rowId) % 4] === "Fresno")).toBe(true);
  });
});
