import { afterEach, describe, expect, it } from "vitest";
import { runFgtr } from "../../../methods/fgtr/run-fgtr";
import { memoryEngine } from "../../../retrieval/testing/libsql-engine";
import { specPorts, type Spec } from "../../../retrieval/testing/spec-ports";
import { createRecorder } from "../../../trace";
import { parseQuestionLocally } from "./index";

// A unit counted or a measure "together" asks for a total of the measure, not a count of rows.
// Checked on a parcel database the rule was not written for.

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((e) => e.close()));

const carriers = ["Acme", "Birch", "Cobalt"];
const parcels: Spec = {
  name: "parcels",
  columns: [
    ["parcel_id", "integer", true],
    ["carrier", "text"],
    ["kilograms", "real"],
    ["postage_usd", "real"],
  ],
  rows: Array.from({ length: 24 }, (_, i) => ({
    parcel_id: i + 1,
    carrier: carriers[i % 3],
    kilograms: 1 + ((i * 7) % 11) / 2,
    postage_usd: 5 + ((i * 5) % 13),
  })),
};

/** The answer's single value (null when the answer is not one value). */
async function answerOf(question: string): Promise<unknown> {
  const engine = memoryEngine();
  open.push(engine);
  const ports = await specPorts(engine, [parcels]);
  const sink = createRecorder();
  const r = await runFgtr(question, {}, ports, sink);
  return r.result?.rows.length === 1 ? r.result.rows[0][0] : null;
}

const total = (carrier: string, column: "kilograms" | "postage_usd") =>
  parcels.rows.filter((r) => r.carrier === carrier).reduce((a, r) => a + Number(r[column]), 0);

describe("totals asked in other words", () => {
  it("reads a counted unit as the measure summed, unless one row is asked", () => {
    const summed = parseQuestionLocally("How many kilograms did Acme carry in total?");
    expect(summed.intent).toBe("sum");
    expect(summed.aggregates).toEqual([{ fn: "sum", phrase: "kilograms", distinct: false }]);
    const one = parseQuestionLocally("How many kilograms is the most expensive parcel?");
    expect(one.intent).toBe("argmax");
    expect(one.targets).toEqual(["kilograms"]);
    // A unit that also counts rows stays a count without a total cue.
    expect(parseQuestionLocally("How many days had snow?").intent).toBe("count");
  });

  it("reads 'weigh together' and 'how much money' as sums", () => {
    expect(parseQuestionLocally("What do all the Acme parcels weigh together?").aggregates[0]).toMatchObject({
      fn: "sum",
      phrase: "weight",
    });
    expect(parseQuestionLocally("How much money came from Acme parcels?").intent).toBe("sum");
  });

  it("sums the measure a counted currency names", async () => {
    expect(Number(await answerOf("How many dollars of postage did Acme parcels cost in total?"))).toBeCloseTo(
      total("Acme", "postage_usd"),
    );
  });

  it("sums the measure counted in its unit", async () => {
    expect(Number(await answerOf("How many kilograms did Birch parcels weigh in total?"))).toBeCloseTo(
      total("Birch", "kilograms"),
    );
  });
});
