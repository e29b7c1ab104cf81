import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphotterResult } from "@/lib/core/methods/graphotter/run-graphotter";
import { createRecorder } from "@/lib/core/trace";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
process.env.SEED_SAMPLE = "1";
const { seedSampleIfNeeded } = await import("@/lib/server/startup");
const { listDatasets, getDataset } = await import("@/lib/server/stores/datasets");
const { closeSqlPool } = await import("@/lib/server/sql");
const { runOn } = await import("@/lib/server/testing/run-on");
const { loadCellGraph } = await import("./load-grid");

let datasetId = "";
beforeAll(async () => {
  await seedSampleIfNeeded();
  datasetId = (await listDatasets())[0].id;
}, 60_000);
afterAll(() => closeSqlPool());

async function enrollment() {
  const dataset = (await getDataset(datasetId))!;
  const table = dataset.tables.find((t) => t.layout)!;
  return { dataset, table, graph: (await loadCellGraph(datasetId, dataset.storage, table)).graph };
}

describe("GraphOTTER on the sample dataset", () => {
  it("opens the XLSX sheet with its two-row merged header as a cell graph", async () => {
    const { graph, table } = await enrollment();
    expect(graph.headerRows).toBe(2);
    const district = graph.byId.get("r0c0")!;
    expect(district).toMatchObject({ value: "District", rows: [0, 1], cols: [0] });
    expect(graph.byId.get("r0c1")!.cols).toEqual([1, 2, 3]);
    expect(graph.rowCount).toBe(table.rowCount + 2);
  });

  it("answers from the named table by walking to the cell where its labels meet", async () => {
    const { graph, table } = await enrollment();
    // The question is built from the sheet itself: a district's "High" enrollment in the second year.
    const row = graph.byId.get("r3c0")!.value;
    const year = graph.byId.get("r0c4")!.value;
    const expected = graph.byId.get("r3c6")!.value;
    const sink = createRecorder();
    const r = await runOn<GraphotterResult & { table: string }>(
      "graphotter",
      datasetId,
      `How many High students were enrolled in ${row} in ${year}?`,
      "local",
      { table: table.name },
      sink,
    );
    expect(r.answer.values).toEqual([expected]);
    expect(r.answer.evidence).toContainEqual(expect.objectContaining({ table: table.name, rowId: 2, value: expected }));
    expect(sink.events.find((e) => e.type === "cell-graph")).toMatchObject({
      table: table.name,
      choice: "param",
      headerRows: 2,
    });
    expect(sink.events.some((e) => e.type === "graph-action" && e.action === "GetSharedNeighbours")).toBe(true);
  });

  it("picks a table by schema retrieval when none is named, and says so", async () => {
    const sink = createRecorder();
    const r = await runOn<GraphotterResult & { table: string }>(
      "graphotter",
      datasetId,
      "What is the average SAT math score of the schools?",
      "local",
      {},
      sink,
    );
    const chosen = sink.events.find((e) => e.type === "cell-graph");
    expect(chosen).toMatchObject({ choice: "schema-retrieval" });
    expect(
      sink.events.some((e) => e.type === "warning" && e.code === "table_chosen" && e.message.includes(r.table)),
    ).toBe(true);
    expect(sink.events.some((e) => e.type === "schema-vote")).toBe(true);
  }, 30_000);

  it("chooses the sheet whose headers name the question's band and year (the README's example)", async () => {
    const sink = createRecorder();
    const r = await runOn<GraphotterResult & { table: string }>(
      "graphotter",
      datasetId,
      "How many middle school students did Oak Hollow Elementary have in 2023-24?",
      "local",
      {},
      sink,
    );
    expect(r.table).toBe("Enrollment by band");
    expect(sink.events.find((e) => e.type === "cell-graph")).toMatchObject({
      table: "Enrollment by band",
      choice: "schema-retrieval",
    });
    expect(sink.events.some((e) => e.type === "schema-vote" && e.scorer === "linker")).toBe(true);
  }, 30_000);

  it("refuses a table that does not exist, naming the ones that do", async () => {
    await expect(
      runOn<GraphotterResult & { table: string }>(
        "graphotter",
        datasetId,
        "How many?",
        "local",
        { table: "nope" },
        createRecorder(),
      ),
    ).rejects.toThrow(/no table "nope"/);
  });
});
