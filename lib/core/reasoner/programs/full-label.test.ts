import { afterEach, describe, expect, it } from "vitest";
import { libraryDatabase } from "../../index/semantic/testing/library";
import { runFgtr } from "../../methods/fgtr/run-fgtr";
import { memoryEngine } from "../../retrieval/testing/libsql-engine";
import { specPorts } from "../../retrieval/testing/spec-ports";
import { createRecorder } from "../../trace";

// A person's name kept in two columns is one label in the semantic model: "which member …" is
// answered with first and last name side by side, and a user's label edit changes the answer.

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((e) => e.close()));

async function ask(question: string, edit?: (p: Awaited<ReturnType<typeof specPorts>>) => void) {
  const engine = memoryEngine();
  open.push(engine);
  const { tables } = libraryDatabase();
  const ports = await specPorts(engine, tables);
  edit?.(ports);
  const sink = createRecorder();
  const r = await runFgtr(question, {}, ports, sink);
  return { sql: r.result ? String((sink.events.filter((e) => e.type === "sql").pop() as { sql: string }).sql) : "", r };
}

describe("full-name labels", () => {
  it("answers 'which member' with first and last name", async () => {
    const { sql } = await ask("Which member has the most loans?");
    expect(sql).toMatch(/first_name/);
    expect(sql).toMatch(/last_name/);
  });

  it("shows the one part the question names", async () => {
    const { sql } = await ask("What is the first name of the member with the most loans?");
    expect(sql).toMatch(/first_name/);
    expect(sql).not.toMatch(/last_name/);
  });

  it("follows the label the model gives (a user's edit)", async () => {
    const { sql } = await ask("Which member has the most loans?", (ports) => {
      const members = ports.semantic!.tables.find((t) => t.table === "members")!;
      members.label = { columns: ["joined_on"], separator: " ", names: [], origin: "user" };
    });
    expect(sql).toMatch(/joined_on/);
    expect(sql).not.toMatch(/last_name/);
  });
});
