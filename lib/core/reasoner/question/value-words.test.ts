import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runFgtr } from "../../methods/fgtr/run-fgtr";
import { memoryEngine } from "../../retrieval/testing/libsql-engine";
import { specPorts, type Spec } from "../../retrieval/testing/spec-ports";
import { lexicalRelationsSchema, useLexicalRelations } from "../../text/relations";
import { createRecorder } from "../../trace";
import { wordNamesValue } from "./value-words";

// A question word that names a category value in other words: "men" → male, "corporations" →
// corp. Checked on a clinic database the rule was not written for.

beforeAll(() => {
  const file = path.resolve(__dirname, "../../../../models/lexical-relations.json");
  useLexicalRelations(lexicalRelationsSchema.parse(JSON.parse(readFileSync(file, "utf8"))));
});
afterAll(() => useLexicalRelations(null));

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((e) => e.close()));

const names = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea"];
const patients: Spec = {
  name: "patients",
  columns: [
    ["patient_id", "integer", true],
    ["patient_name", "text"],
    ["sex", "text"],
    ["payer_type", "text"],
    ["blood_type", "text"],
  ],
  rows: names.map((n, i) => ({
    patient_id: i + 1,
    patient_name: n,
    sex: i % 3 === 0 ? "male" : "female",
    payer_type: i % 4 === 0 ? "corp" : "private",
    blood_type: ["A", "B", "O"][i % 3],
  })),
};

async function sqlOf(question: string): Promise<string> {
  const engine = memoryEngine();
  open.push(engine);
  const ports = await specPorts(engine, [patients]);
  const sink = createRecorder();
  await runFgtr(question, {}, ports, sink);
  const sqls = sink.events.filter((e) => e.type === "sql") as Array<{ sql: string; purpose?: string }>;
  return sqls.find((e) => e.purpose === "candidate program 1")?.sql ?? sqls.pop()?.sql ?? "";
}

describe("words naming a category value", () => {
  it("reads a WordNet relation or an abbreviation, not a sibling value", () => {
    expect(wordNamesValue("men", "male")).toBe(true);
    expect(wordNamesValue("women", "female")).toBe(true);
    expect(wordNamesValue("women", "male")).toBe(false);
    expect(wordNamesValue("corporations", "corp")).toBe(true);
    expect(wordNamesValue("private", "corp")).toBe(false);
    // The value's own spelling is left to the cell search.
    expect(wordNamesValue("male", "male")).toBe(false);
    // A word that is no plural class name ("worth", related to good) names no value.
    expect(wordNamesValue("worth", "good")).toBe(false);
  });

  it("turns 'men' into the value male", async () => {
    expect(await sqlOf("How many men are patients?")).toMatch(/"sex" = 'male'/);
  });

  it("turns 'corporations' into the value corp", async () => {
    expect(await sqlOf("How many patients are paid for by corporations?")).toMatch(/"payer_type" = 'corp'/);
  });

  it("reads a capital letter beside a word naming its column as that column's value", async () => {
    expect(await sqlOf("How many type B patients are there?")).toMatch(/"blood_type" = 'B'/);
    expect(await sqlOf("How many patients did Dr B treat?")).not.toMatch(/"blood_type"/);
  });
});
