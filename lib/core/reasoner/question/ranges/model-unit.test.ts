import { afterEach, describe, expect, it } from "vitest";
import { libraryDatabase } from "../../../index/semantic/testing/library";
import { semanticTable } from "../../../model/semantic-model";
import { runFgtr } from "../../../methods/fgtr/run-fgtr";
import { memoryEngine } from "../../../retrieval/testing/libsql-engine";
import { specPorts } from "../../../retrieval/testing/spec-ports";
import { createRecorder } from "../../../trace";

// A number in one unit compared with a column kept in another: the column's unit comes from the
// semantic model — inferred from the values when the name gives none (an audiobook's "length" of
// 90–490 is minutes), or set by the user — so "over 3 hours" compares with 180.

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((e) => e.close()));

async function askSql(question: string, unit?: string): Promise<string> {
  const engine = memoryEngine();
  open.push(engine);
  const ports = await specPorts(engine, libraryDatabase().tables);
  const m = semanticTable(ports.semantic, "books")!.measures.find((x) => x.column === "audio_length")!;
  expect(m.unit?.unit).toBe("min");
  if (unit) m.unit = { unit, scale: 1 };
  const sink = createRecorder();
  await runFgtr(question, {}, ports, sink);
  return sink.events
    .filter((e) => e.type === "sql")
    .map((e) => (e as { sql: string }).sql)
    .join("\n");
}

describe("units from the semantic model", () => {
  it("reads a length judged to be in minutes", async () => {
    const sql = await askSql("How many books have an audio length over 3 hours?");
    expect(sql).toMatch(/"audio_length" > 180\b/);
  });

  it("follows a unit the user sets", async () => {
    const sql = await askSql("How many books have an audio length over 3 hours?", "s");
    expect(sql).toMatch(/"audio_length" > 10800\b/);
  });
});
