import { describe, expect, it } from "vitest";
import { createRecorder } from "../../trace";
import { runConstraintsSchema } from "../../retrieval/constraints/types";
import { checkConstrainedRuns } from "../../retrieval/testing/constraint-cases";
import { sampleSetup } from "../../retrieval/testing/setup";
import { runFgtr } from "./run-fgtr";

describe("runFgtr with a re-run's constraints (sample schools)", () => {
  it("never reads an excluded column, always reads a pinned one, and traces each constraint", async () => {
    const { answered, total } = await checkConstrainedRuns((q, ports, sink, c) => runFgtr(q, {}, ports, sink, c));
    // Most runs answer with SQL; a run that cannot honour its constraints answers nothing instead.
    expect(answered).toBeGreaterThanOrEqual(total * 0.75);
  });

  it("says where excluding a column changed the vote, and the SQL changes", async () => {
    const { ports } = await sampleSetup();
    const q = "How many schools in Contra Costa are directly funded?";
    const before = await runFgtr(q, {}, ports, createRecorder());
    expect(before.answer.sql).toContain('"funding"');
    const sink = createRecorder();
    const c = runConstraintsSchema.parse({ excludeColumns: ["schools.funding"] });
    const after = await runFgtr(q, {}, ports, sink, c);
    expect(after.answer.sql).not.toContain('"funding"');
    expect(sink.events.find((e) => e.type === "constraint")).toMatchObject({
      kind: "exclude-column",
      target: "schools.funding",
      changed: true,
    });
  });

  it("keeps the question's operation when a pin replaces the program", async () => {
    const { ports } = await sampleSetup();
    const sink = createRecorder();
    const c = runConstraintsSchema.parse({ includeColumns: ["schools.city"] });
    const r = await runFgtr("What is the average math score of schools in Fresno?", {}, ports, sink, c);
    expect(r.answer.sql).toMatch(/AVG\(/i);
    expect(r.answer.sql).toContain('"city"');
  });
});
