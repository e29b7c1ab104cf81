import { describe, expect, it } from "vitest";
import { parseQuestionSet } from "@/lib/core/eval/question-set";
import { sampleQuestionsJsonl } from "@/lib/core/sample/questions";
import type { LearnedExport } from "@/lib/core/model/learned";
import {
  buildRetrievalPorts,
  learnedForReasoner,
  deleteDataset,
  createQuestionSet,
  startBatch,
  runnerIdle,
  batchItemsOf,
  ctx,
  json,
  QUESTION,
  datasetId,
  learningHelpers,
} from "./testing/learning-kit";

// The routes under test, imported after the kit has set up its data folder.
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const { GET: runRoute } = await import("@/app/api/runs/[id]/route");
const feedbackRoute = await import("@/app/api/runs/[id]/feedback/route");
const learnedRoute = await import("@/app/api/datasets/[id]/learned/route");
const { GET: exportRoute } = await import("@/app/api/datasets/[id]/learned/export/route");
const { DELETE: deleteOneRoute } = await import("@/app/api/datasets/[id]/learned/[exampleId]/route");
const { POST: learnRoute } = await import("@/app/api/batches/[id]/learn/route");
const routes = { ask: askRoute, run: runRoute, feedback: feedbackRoute, learned: learnedRoute };
const { vote, learned, runOf, ask } = learningHelpers(routes);

describe("a dataset's learned answers", () => {
  it("lists, exports and deletes one or all; deleting one takes back its run's vote", async () => {
    const a = await ask(QUESTION);
    const b = await ask("How many counties are there?");
    await vote(a.runId, { vote: "up" });
    await vote(b.runId, { vote: "down" });
    const list = await learned();
    expect(list.total).toBe(2);
    expect(list.examples.map((e) => e.question)).toEqual(["How many counties are there?", QUESTION]);

    const exported: LearnedExport = await (
      await exportRoute(json("GET", `/api/datasets/${datasetId}/learned/export`), ctx({ id: datasetId }))
    ).json();
    expect(exported.format).toBe("tablesight-learned-answers");
    expect(exported.examples.map((e) => e.id).sort()).toEqual(list.examples.map((e) => e.id).sort());

    const one = list.examples[1];
    const gone = await deleteOneRoute(
      json("DELETE", `/api/datasets/${datasetId}/learned/${one.id}`),
      ctx({
        id: datasetId,
        exampleId: one.id,
      }),
    );
    expect(gone.status).toBe(204);
    expect((await runOf(a.runId)).feedback).toBeNull();
    const again = await deleteOneRoute(
      json("DELETE", `/api/datasets/${datasetId}/learned/${one.id}`),
      ctx({
        id: datasetId,
        exampleId: one.id,
      }),
    );
    expect(again.status).toBe(404);

    const all = await learnedRoute.DELETE(json("DELETE", `/api/datasets/${datasetId}/learned`), ctx({ id: datasetId }));
    expect(await all.json()).toEqual({ deleted: 1 });
    expect((await runOf(b.runId)).feedback).toBeNull();
    expect((await learned()).total).toBe(0);
  }, 120_000);

  it("a batch's right answers count as confirmed when asked (question-set gold), wrong ones do not", async () => {
    const questions = parseQuestionSet(sampleQuestionsJsonl()).items.slice(0, 4);
    const set = await createQuestionSet(datasetId, "gold", questions);
    const batchId = (await startBatch(set.id, { methods: ["fgtr"], reasoner: "local", params: {} }))!;
    await runnerIdle();
    // A batch on its own teaches nothing: it measures the method.
    expect((await learned()).total).toBe(0);
    const items = await batchItemsOf(batchId);
    expect(items).toHaveLength(4);
    const right = items.filter((i) => i.correct);
    expect(right.length).toBeGreaterThan(0);
    const taught = await (await learnRoute(json("POST", `/api/batches/${batchId}/learn`), ctx({ id: batchId }))).json();
    expect(taught).toEqual({ learned: right.length, alreadyKnown: 0, withoutProgram: 0, right: right.length });
    const gold = (await learned()).examples.filter((e) => e.source === "question-set gold");
    expect(gold.map((e) => e.runId).sort()).toEqual(right.map((i) => i.runId).sort());
    expect(gold.every((e) => e.verdict === "confirmed")).toBe(true);
    // A batch does not read what batches taught; a question asked by hand does.
    const all = await buildRetrievalPorts(datasetId, { reasoner: "local" });
    const batch = await buildRetrievalPorts(datasetId, {
      reasoner: "local",
      learned: { exclude: ["question-set gold"] },
    });
    expect(all.learned).toHaveLength(gold.length);
    expect(batch.learned).toHaveLength(0);
    // A second batch over the same questions keeps one confirmed program per question.
    const again = (await startBatch(set.id, { methods: ["fgtr"], reasoner: "local", params: {} }))!;
    await runnerIdle();
    // Its questions run in the question threads, which leave out what batches taught: no run reuses a program.
    const rerun = await batchItemsOf(again);
    const reused = await Promise.all(
      rerun.map(async (i) => (await runOf(i.runId!)).events.some((e) => e.type === "program-reuse")),
    );
    expect(reused).toEqual(rerun.map(() => false));
    const twice = await (await learnRoute(json("POST", `/api/batches/${again}/learn`), ctx({ id: again }))).json();
    expect(twice).toEqual({ learned: 0, alreadyKnown: right.length, withoutProgram: 0, right: right.length });
    const unknown = await learnRoute(json("POST", "/api/batches/nope/learn"), ctx({ id: "nope" }));
    expect(unknown.status).toBe(404);
    expect((await learned()).examples.filter((e) => e.source === "question-set gold")).toHaveLength(gold.length);
  }, 300_000);

  it("are deleted with their dataset", async () => {
    const { runId } = await ask(QUESTION);
    await vote(runId, { vote: "up" });
    expect((await learnedForReasoner(datasetId)).length).toBeGreaterThan(0);
    expect(await deleteDataset(datasetId)).toBe(true);
    expect(await learnedForReasoner(datasetId)).toHaveLength(0);
    const res = await learnedRoute.GET(json("GET", `/api/datasets/${datasetId}/learned`), ctx({ id: datasetId }));
    expect(res.status).toBe(404);
  }, 60_000);
});
