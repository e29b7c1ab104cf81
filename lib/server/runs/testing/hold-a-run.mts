// A server process cut off mid-question (for run-lifecycle.test.ts): starts a run on the dataset
// given as argument, prints its id once the run is stored as running, and keeps it running until
// the test kills this process.
const { executeRun } = await import("../execute-run.ts");
const { METHOD_IDS } = await import("../../../core/methods/registry.ts");
const { getRun } = await import("../../stores/runs.ts");
const [datasetId] = process.argv.slice(2);
const spec = { datasetId, question: "How many?", method: METHOD_IDS[0], reasoner: "local" as const, params: {} };
let runId = "";
void executeRun(spec, () => new Promise(() => undefined), {
  onEvent: (e) => {
    if (e.type === "run-start") runId = e.runId;
  },
});
for (;;) {
  await new Promise((r) => setTimeout(r, 50));
  if (runId && (await getRun(runId))?.status === "running") break;
}
console.log(JSON.stringify({ runId }));
setInterval(() => undefined, 60_000);
