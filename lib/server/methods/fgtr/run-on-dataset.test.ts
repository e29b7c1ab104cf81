import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FgtrResult } from "@/lib/core/methods/fgtr/run-fgtr";
import { createRecorder } from "@/lib/core/trace";
import { FakeLlmPort } from "@/lib/core/reasoner/testing/steps";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
process.env.SEED_SAMPLE = "1";
const { seedSampleIfNeeded } = await import("@/lib/server/startup");
const { listDatasets } = await import("@/lib/server/stores/datasets");
const { closeSqlPool } = await import("@/lib/server/sql");
const { runGuardedQuery } = await import("@/lib/server/stores/dataset-query");
const { runOn } = await import("@/lib/server/testing/run-on");

let datasetId = "";
beforeAll(async () => {
  await seedSampleIfNeeded();
  datasetId = (await listDatasets())[0].id;
});
afterAll(() => closeSqlPool());

describe("FGTR on the sample dataset", () => {
  it("answers through the stored index and the SQL guard", async () => {
    const sink = createRecorder();
    const r = await runOn<FgtrResult>(
      "fgtr",
      datasetId,
      "How many schools in Contra Costa are directly funded?",
      "local",
      {},
      sink,
    );
    const expected = await runGuardedQuery(
      datasetId,
      `SELECT count(*) FROM "src1"."schools" s JOIN "src1"."districts" d ON d.district_id = s.district_id JOIN ` +
        `"src1"."counties" c ON c.county_id = d.county_id WHERE c.name = 'Contra Costa' AND s.funding = ` +
        `'Directly funded'`,
    );
    expect(r.answer.values).toEqual([expected.rows[0][0]]);
    expect(sink.events.filter((e) => e.type === "sql").every((e) => e.type === "sql" && e.ok)).toBe(true);
    expect(r.subTables.length).toBeGreaterThan(1);
  });

  it("keeps a hostile question harmless and the dataset intact", async () => {
    const before = await runGuardedQuery(datasetId, `SELECT count(*) FROM "src1"."schools"`);
    const r = await runOn<FgtrResult>(
      "fgtr",
      datasetId,
      "'; DROP TABLE schools; -- how many schools?",
      "local",
      {},
      createRecorder(),
    );
    expect(r.answer.text.length).toBeGreaterThan(0);
    expect(await runGuardedQuery(datasetId, `SELECT count(*) FROM "src1"."schools"`)).toMatchObject({
      rows: before.rows,
    });
  });

  it("llm reasoner: the guard refuses a writing statement the model proposes; steps fall back locally", async () => {
    const write = {
      reasoning: "a cell said to",
      sql: "DELETE FROM schools",
      answer: null,
      values: [],
      operation: "lookup",
      evidence: [],
    };
    const llm = new FakeLlmPort(Array.from({ length: 40 }, () => ({ object: write })));
    const sink = createRecorder();
    const r = await runOn<FgtrResult>("fgtr", datasetId, "How many counties are there?", "llm", {}, sink, { llm });
    expect(sink.events.some((e) => e.type === "warning" && e.code === "llm_fallback")).toBe(true);
    expect(sink.events.some((e) => e.type === "sql" && /DELETE/.test(e.sql))).toBe(false);
    expect(r.answer.values).toEqual([6]);
  });

  it("with the llm reasoner and no model configured, runs locally and says so", async () => {
    const sink = createRecorder();
    const r = await runOn<FgtrResult>("fgtr", datasetId, "How many counties are there?", "llm", {}, sink, {
      llm: null,
    });
    expect(r.answer.values).toEqual([6]);
    expect(sink.events.some((e) => e.type === "warning" && e.code === "llm_not_configured")).toBe(true);
  });
});
