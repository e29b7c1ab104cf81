import { MockLanguageModelV3 } from "ai/test";
import type { SgamResult } from "@/lib/core/methods/sgam/run-sgam";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecorder } from "@/lib/core/trace";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
process.env.SEED_SAMPLE = "1";
const { seedSampleIfNeeded } = await import("@/lib/server/startup");
const { listDatasets } = await import("@/lib/server/stores/datasets");
const { closeSqlPool } = await import("@/lib/server/sql");
const { runGuardedQuery } = await import("@/lib/server/stores/dataset-query");
const { createAiSdkPort } = await import("@/lib/server/llm/ai-sdk-port");
const { runOn } = await import("@/lib/server/testing/run-on");

function reply(text: string) {
  return {
    content: [{ type: "text" as const, text }],
    finishReason: { unified: "stop" as const, raw: undefined },
    usage: {
      inputTokens: { total: 40, noCache: 40, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 10, text: 10, reasoning: undefined },
    },
    warnings: [],
  };
}

let datasetId = "";
beforeAll(async () => {
  await seedSampleIfNeeded();
  datasetId = (await listDatasets())[0].id;
}, 60_000);
afterAll(() => closeSqlPool());

const SQL =
  `SELECT count(*) FROM "src1"."schools" s JOIN "src1"."districts" d ON d.district_id = s.district_id ` +
  `JOIN "src1"."counties" c ON c.county_id = d.county_id WHERE c.name = 'Contra Costa' AND s.funding = 'Directly ` +
  `funded'`;

/** A scripted model that answers SGAM's own prompts and garbles everything else (which then runs locally). */
function scriptedModel(overrides: { sql?: string; column?: string } = {}) {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const text = JSON.stringify(options.prompt);
      if (text.includes("take apart questions"))
        return reply(
          JSON.stringify({
            conditions: ["the county is Contra Costa", "the school is directly funded"],
            main: "How many schools?",
          }),
        );
      if (text.includes("align the phrases")) {
        return reply(
          JSON.stringify({
            matches: [
              { segment: 1, table: "counties", column: "name" },
              { segment: 2, table: "schools", column: overrides.column ?? "funding" },
              { segment: 0, table: "schools", column: "cds_code" },
            ],
          }),
        );
      }
      if (text.includes("reasoning paths"))
        return reply(
          JSON.stringify({ reasoning: "join along the paths", sql: overrides.sql ?? SQL, operation: "count" }),
        );
      return reply("not json");
    },
  });
}

describe("SGAM with the llm reasoner (AI SDK mock model)", () => {
  it("decomposes, aligns attributes and writes SQL with the model; the paths and the guard do the rest", async () => {
    const model = scriptedModel();
    const llm = createAiSdkPort({ model, provider: "mock", modelId: "mock-model", timeoutMs: 2000 });
    const sink = createRecorder();
    const r = await runOn<SgamResult>(
      "sgam",
      datasetId,
      "How many schools in Contra Costa county are directly funded?",
      "llm",
      {},
      sink,
      { llm },
    );
    const expected = (await runGuardedQuery(datasetId, SQL)).rows[0][0];
    expect(r.answer.values).toEqual([expected]);
    expect(r.decomposition).toEqual({
      conditions: ["the county is Contra Costa", "the school is directly funded"],
      main: "How many schools?",
    });
    const steps = sink.events.filter((e) => e.type === "step-end") as Array<{ step: string; reasoner: string }>;
    expect(steps.find((s) => s.step === "sgam.decomposition")?.reasoner).toBe("llm");
    expect(steps.find((s) => s.step === "sgam.attribute-retrieval")?.reasoner).toBe("llm");
    expect(steps.find((s) => s.step === "sgam.sql")?.reasoner).toBe("llm");
    // Steps the script garbles fall back to local, and say so.
    expect(sink.events.some((e) => e.type === "warning" && e.code === "llm_fallback")).toBe(true);
    const sqlPrompt = model.doGenerateCalls
      .map((c) => JSON.stringify(c.prompt))
      .find((t) => t.includes("reasoning paths"))!;
    expect(sqlPrompt).toMatch(/Path 1: /);
    expect(sqlPrompt).toContain("name[counties]");
    expect(sink.events.some((e) => e.type === "schema-path" && e.status === "found")).toBe(true);
  });

  it("refuses a model's column that does not exist and a written statement; local steps take over", async () => {
    const llm = createAiSdkPort({
      model: scriptedModel({ column: "no_such_column", sql: "DELETE FROM schools" }),
      provider: "mock",
      modelId: "mock-model",
      timeoutMs: 2000,
    });
    const sink = createRecorder();
    const r = await runOn<SgamResult>(
      "sgam",
      datasetId,
      "How many schools in Contra Costa county are directly funded?",
      "llm",
      {},
      sink,
      { llm },
    );
    const steps = sink.events.filter((e) => e.type === "step-end") as Array<{
      step: string;
      reasoner: string;
      fallback: boolean;
    }>;
    expect(steps.find((s) => s.step === "sgam.attribute-retrieval")).toMatchObject({
      reasoner: "local",
      fallback: true,
    });
    expect(steps.find((s) => s.step === "sgam.sql")).toMatchObject({ reasoner: "local", fallback: true });
    expect(sink.events.some((e) => e.type === "sql" && /DELETE/i.test(e.sql))).toBe(false);
    expect(r.answer.values).toEqual([(await runGuardedQuery(datasetId, SQL)).rows[0][0]]);
  });
});
