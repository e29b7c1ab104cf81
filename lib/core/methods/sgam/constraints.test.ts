import { describe, expect, it } from "vitest";
import { createRecorder } from "../../trace";
import { runConstraintsSchema } from "../../retrieval/constraints/types";
import { checkConstrainedRuns } from "../../retrieval/testing/constraint-cases";
import { sampleSetup } from "../../retrieval/testing/setup";
import { runSgam } from "./run-sgam";

describe("runSgam with a re-run's constraints (sample schools)", () => {
  it("never reads an excluded column, always reads a pinned one, and traces each constraint", async () => {
    const { answered, total } = await checkConstrainedRuns((q, ports, sink, c) => runSgam(q, {}, ports, sink, c));
    expect(answered).toBeGreaterThanOrEqual(total * 0.75);
  });

  it("adds a condition from a cell to the answer's WHERE and says so", async () => {
    const { ports } = await sampleSetup();
    const sink = createRecorder();
    const c = runConstraintsSchema.parse({ conditions: [{ column: "counties.name", value: "Fresno" }] });
    const r = await runSgam("How many schools are there?", {}, ports, sink, c);
    expect(r.answer.sql).toContain("'Fresno'");
    expect(sink.events.find((e) => e.type === "constraint" && e.kind === "condition")).toMatchObject({
      target: "counties.name = 'Fresno'",
      changed: true,
    });
  });
});
