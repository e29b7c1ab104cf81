import { describe, expect, it } from "vitest";
import { parseQuestionSet } from "@/lib/core/eval/question-set";
import { sampleQuestionsJsonl } from "@/lib/core/sample/questions";
import { countRuns } from "@/lib/server/stores/runs";
import { useIndexedSample } from "@/lib/server/testing/indexed-sample";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { createQuestionSet } from "./question-sets";
import { batchReport } from "./results";
import { cancelBatch, onBatchItem, resumeBatches, runnerIdle, stopRunnerForShutdown } from "./runner";
import { startBatch } from "./start-batch";
import { batchItemsOf, getBatch } from "./store";

const dataDir = useTempDataDir();
process.env.AUTO_INDEX = "0";
let datasetId = "";

useIndexedSample(dataDir, (id) => {
  datasetId = id;
});

const questions = parseQuestionSet(sampleQuestionsJsonl()).items;

/** Resolves once `n` items of the batch have been recorded. */
function afterItems(batchId: string, n: number): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    const stop = onBatchItem((id) => {
      if (id === batchId && ++seen === n) {
        stop();
        resolve();
      }
    });
  });
}

describe("batch runner", () => {
  it("scores cell recall for FGTR and SGAM when the questions carry gold SQL", async () => {
    const set = await createQuestionSet(datasetId, "cells", questions.slice(0, 4));
    const batchId = (await startBatch(set.id, { methods: ["fgtr", "sgam"], reasoner: "local", params: {} }))!;
    await runnerIdle();
    const report = (await batchReport(batchId))!;
    expect(report.done).toBe(8);
    expect(report.summary.fgtr.cells?.n).toBeGreaterThan(0);
    expect(report.summary.sgam.cells?.n).toBeGreaterThan(0);
    expect(report.summary.sgam.cells?.recall).toBeGreaterThan(0);
  }, 300_000);

  it("resumes a batch stopped mid-way (as by a restart) without running a finished question again", async () => {
    const set = await createQuestionSet(datasetId, "resume", questions.slice(0, 12));
    const recorded: string[] = [];
    const stop = onBatchItem((_, questionId, method) => recorded.push(`${questionId}/${method}`));
    const batchId = (await startBatch(set.id, { methods: ["fgtr"], reasoner: "local", params: {} }))!;
    await afterItems(batchId, 5);
    stopRunnerForShutdown();
    const finishedAtStop = recorded.length;
    await runnerIdle();
    expect((await getBatch(batchId))?.status).toBe("running");
    const runsBefore = await countRuns(datasetId);
    expect(await resumeBatches()).toContain(batchId);
    await runnerIdle();
    stop();
    const report = (await batchReport(batchId))!;
    expect(report.status).toBe("done");
    expect(report.done).toBe(12);
    expect(new Set(recorded).size).toBe(recorded.length);
    expect(recorded).toHaveLength(12);
    // After the restart only the unfinished questions ran (the one stopped in flight among them).
    const runsAfter = await countRuns(datasetId);
    expect(runsAfter - runsBefore).toBe(12 - finishedAtStop);
    expect(report.summary.fgtr.n).toBe(12);
    // Every sample question has a gold query; the ones naming columns get schema scores.
    expect(report.summary.fgtr.schema?.n).toBeGreaterThan(6);
  }, 300_000);

  it("cancels a running batch: it stops and keeps what finished", async () => {
    const set = await createQuestionSet(datasetId, "cancel", questions);
    const batchId = (await startBatch(set.id, { methods: ["fgtr", "sgam"], reasoner: "local", params: {} }))!;
    await afterItems(batchId, 2);
    expect(await cancelBatch(batchId)).toBe(true);
    await runnerIdle();
    const report = (await batchReport(batchId))!;
    expect(report.status).toBe("cancelled");
    expect(report.done).toBeLessThan(report.total);
    expect((await batchItemsOf(batchId)).length).toBe(report.done);
    expect(await cancelBatch(batchId)).toBe(false);
  }, 300_000);
});
