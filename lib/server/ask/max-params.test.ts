import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

// Every method run with each numeric parameter at the largest value its schema allows, on a table
// big enough to fill every list those values ask for: each run must end with an answer, never with
// an event the trace schema refuses (HELIOS k1 = 1,001 failed every run with invalid_trace_event).
// One past the largest value is a 400 naming the parameter and the limit.
const dataDir = useTempDataDir();
process.env.AUTO_INDEX = "0";
const { importDataset } = await import("@/lib/server/ingest/import-dataset");
const { runIndexing } = await import("@/lib/server/index/pipeline");
const { addPassages } = await import("@/lib/server/passages/add-passages");
const { closeSqlPool } = await import("@/lib/server/sql");
const { executeRun } = await import("@/lib/server/runs/execute-run");
const { loadDataset } = await import("@/lib/server/stores/datasets");
const { closeThreadPools } = await import("@/lib/server/pool/thread-pools");
const { METHOD_MODULES } = await import("@/lib/core/methods/registry");
const { executeInPool, prepareRun } = await import("@/lib/server/runs/method.task");

const CITIES = ["Fresno", "Oakland", "Sacramento", "Irvine", "Modesto", "Stockton"];
let datasetId = "";

beforeAll(async () => {
  const lines = ["id,name,city,team,score"];
  for (let i = 0; i < 3000; i++) lines.push(`${i},Person ${i},${CITIES[i % 6]},Team ${i % 300},${(i * 37) % 1000}`);
  const file = path.join(dataDir, "people.csv");
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  datasetId = (await importDataset([{ originalName: "people.csv", path: file, size: fs.statSync(file).size }])).id;
  await runIndexing(datasetId);
  const passages = Array.from({ length: 300 }, (_, i) =>
    JSON.stringify({ title: `Team ${i}`, text: `Team ${i} plays in ${CITIES[i % 6]}; it was founded in ${1900 + i}.` }),
  );
  await addPassages(datasetId, [{ name: "teams.jsonl", bytes: Buffer.from(passages.join("\n")) }]);
}, 180_000);
afterAll(async () => {
  await closeThreadPools();
  await closeSqlPool();
});

/** The largest value of every bounded numeric parameter of a method's schema. */
function largest(schema: z.ZodType): Record<string, number> {
  const json = z.toJSONSchema(schema, { io: "input" }) as { properties: Record<string, { maximum?: number }> };
  return Object.fromEntries(
    Object.entries(json.properties).flatMap(([name, p]) => (p.maximum === undefined ? [] : [[name, p.maximum]])),
  );
}

describe("method parameters are bounded by what the trace and the time budget allow", () => {
  for (const { id: method, paramsSchema } of METHOD_MODULES) {
    it(`${method}: every parameter at its largest allowed value runs to an answer`, async () => {
      const params = largest(paramsSchema);
      expect(Object.keys(params).length).toBeGreaterThan(0);
      const { request } = prepareRun({
        datasetId,
        question: "Which person in Fresno of Team 12 has the highest score?",
        method,
        reasoner: "local",
        params,
      });
      const outcome = await executeRun(request, executeInPool(request, { dataset: await loadDataset(datasetId) }));
      expect(outcome.error).toBeNull();
      expect(outcome.ok).toBe(true);
      expect(outcome.events.at(-1)?.type).toBe("run-end");
    }, 120_000);

    it(`${method}: one past the largest value is a 400 naming the parameter and its limit`, () => {
      for (const [name, max] of Object.entries(largest(paramsSchema))) {
        const over = Number.isInteger(max) ? max + 1 : max + 0.5;
        let caught: { status?: number; message?: string } = {};
        try {
          prepareRun({ datasetId, question: "?", method, reasoner: "local", params: { [name]: over } });
        } catch (err) {
          caught = err as typeof caught;
        }
        expect(caught.status, name).toBe(400);
        expect(caught.message).toContain(`Parameter ${name}`);
        expect(caught.message).toContain(String(max));
      }
    });
  }
});
