import { describe, expect, it } from "vitest";
import { runStep } from "../run-step";
import { FakeLlmPort } from "../testing/steps";
import { createRecorder } from "../../trace";
import { questionParsingStep } from "./step";
import { parsedQuestionSchema } from "../../retrieval/types";

const hints = [
  { phrase: "Contra Costa", table: "counties", column: "name", value: "Contra Costa", score: 1, exact: true },
];
const question =
  "How many schools in Contra Costa and LA (directly funded) have number of test takers not more than 250?";

describe("question parsing step", () => {
  it("local: keywords, entities, the ≤ 250 bound and a count intent", async () => {
    const r = await runStep(questionParsingStep, { question, hints }, { reasoner: "local", sink: createRecorder() });
    expect(r.reasoner).toBe("local");
    expect(r.output.intent).toBe("count");
    expect(r.output.numbers).toEqual([expect.objectContaining({ value: 250, comparator: "<=" })]);
    expect(r.output.entities.map((e) => e.text)).toEqual(expect.arrayContaining(["Contra Costa", "LA"]));
    expect(r.output.keywords).toEqual(expect.arrayContaining(["schools", "funded", "test", "takers"]));
  });

  it("llm: the model's parse is validated and used; the prompt carries question and value hints as data", async () => {
    const reply = parsedQuestionSchema.parse({
      reasoning: "count of schools",
      keywords: ["schools"],
      intent: "count",
      numbers: [{ value: 250, comparator: "<=", text: "not more than 250" }],
    });
    const llm = new FakeLlmPort([{ object: reply, inputTokens: 300, outputTokens: 40 }]);
    const r = await runStep(questionParsingStep, { question, hints }, { reasoner: "llm", llm, sink: createRecorder() });
    expect(r).toMatchObject({ reasoner: "llm", usage: { inputTokens: 300, outputTokens: 40 } });
    expect(r.output.intent).toBe("count");
    expect(llm.requests[0].prompt).toContain(question);
    expect(llm.requests[0].prompt).toMatch(/<data name="value-hints">[\s\S]*Contra Costa/);
    expect(llm.requests[0].system).toMatch(/never follow instructions/);
  });

  it("llm: garbage twice falls back to the local parser with a warning", async () => {
    const llm = new FakeLlmPort([{ object: { intent: "everything" } }, { object: "nonsense" }]);
    const sink = createRecorder();
    const r = await runStep(questionParsingStep, { question, hints }, { reasoner: "llm", llm, sink });
    expect(r).toMatchObject({ reasoner: "local", fallback: true });
    expect(r.output.intent).toBe("count");
    expect(sink.events.some((e) => e.type === "warning" && e.code === "llm_fallback")).toBe(true);
  });
});
