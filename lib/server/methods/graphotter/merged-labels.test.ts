import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neighbours } from "@/lib/core/cell-graph/graph";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

// A row label merged down several rows of a sheet (one region over its three products): in the
// grid every row shows it, in the cell graph it is one node spanning those rows (the merge kept
// as a fact), a same-row neighbour of every cell in them.
const dataDir = useTempDataDir();
process.env.AUTO_INDEX = "0";
const { writeWorkbook } = await import("@/lib/server/ingest/testing/xlsx-fixtures");
const { importDataset } = await import("@/lib/server/ingest/import-dataset");
const { getDataset } = await import("@/lib/server/stores/datasets");
const { readRowPage } = await import("@/lib/server/stores/rows");
const { closeSqlPool } = await import("@/lib/server/sql");
const { loadCellGraph } = await import("./load-grid");

let datasetId = "";
beforeAll(async () => {
  const file = await writeWorkbook(path.join(dataDir, "regions.xlsx"), (wb) => {
    const ws = wb.addWorksheet("Sales");
    ws.addRows([
      ["Region", "Product", "Units"],
      ["North", "Apples", 10],
      [null, "Pears", 12],
      [null, "Plums", 15],
      ["South", "Apples", 7],
      [null, "Pears", 9],
    ]);
    ws.mergeCells("A2:A4");
    ws.mergeCells("A5:A6");
  });
  datasetId = (await importDataset([{ originalName: "regions.xlsx", path: file, size: fs.statSync(file).size }])).id;
});
afterAll(() => closeSqlPool());

describe("a row label merged down several rows", () => {
  it("is filled into every row it covers in the stored table, with a note", async () => {
    const dataset = (await getDataset(datasetId))!;
    const table = dataset.tables[0];
    const page = await readRowPage(datasetId, dataset.storage, table, { offset: 0, limit: 10 });
    expect(page.rows.map((r) => r.values)).toEqual([
      ["North", "Apples", 10],
      ["North", "Pears", 12],
      ["North", "Plums", 15],
      ["South", "Apples", 7],
      ["South", "Pears", 9],
    ]);
    expect(table.layout?.merges).toEqual([
      { top: 1, left: 0, bottom: 3, right: 0 },
      { top: 4, left: 0, bottom: 5, right: 0 },
    ]);
    expect(table.notes.join(" ")).toContain('2 labels merged down several rows (the first in column "Region", A2:A4)');
  });

  it("is one cell-graph node spanning its rows, a same-row neighbour of each of them", async () => {
    const dataset = (await getDataset(datasetId))!;
    const { graph } = await loadCellGraph(datasetId, dataset.storage, dataset.tables[0]);
    const north = graph.byId.get("r1c0")!;
    expect(north).toMatchObject({ value: "North", rows: [1, 2, 3], cols: [0] });
    expect(graph.byId.has("r2c0")).toBe(false);
    for (const row of [1, 2, 3]) {
      const product = graph.byId.get(`r${row}c1`)!;
      expect(neighbours(graph, product).map((n) => n.id)).toContain("r1c0");
    }
  });
});
