import { afterEach, describe, expect, it } from "vitest";
import { libraryDatabase } from "../../index/semantic/testing/library";
import { runFgtr } from "../../methods/fgtr/run-fgtr";
import { memoryEngine } from "../../retrieval/testing/libsql-engine";
import { type Spec, specPorts } from "../../retrieval/testing/spec-ports";
import { createRecorder } from "../../trace";

// Absence, flags, "except" and the asked output, asked of a generated lending library (and a parcel
// table with missing dates) that none of these rules were written for. Each answer is checked against
// the rows a hand-written query returns.

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((e) => e.close()));

/** Parcels sent, some never delivered (no delivery date). */
const parcels: Spec = {
  name: "parcels",
  columns: [
    ["parcel_id", "integer", true],
    ["recipient", "text"],
    ["sent_on", "text"],
    ["delivered_on", "text"],
  ],
  rows: Array.from({ length: 24 }, (_, i) => ({
    parcel_id: i + 1,
    recipient: `Recipient ${String.fromCharCode(65 + i)}`,
    sent_on: `2024-03-${String(1 + i).padStart(2, "0")}`,
    delivered_on: i % 5 === 2 ? null : `2024-04-${String(1 + i).padStart(2, "0")}`,
  })),
};

async function ask(question: string, extra: Spec[] = []) {
  const engine = memoryEngine();
  open.push(engine);
  const ports = await specPorts(engine, [...libraryDatabase().tables, ...extra]);
  const sink = createRecorder();
  const r = await runFgtr(question, {}, ports, sink);
  return { sql: r.answer.sql ?? "", rows: r.result?.rows ?? [], engine };
}

const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

describe("absence, flags and except", () => {
  it("answers 'never' about a related table with an anti-join", async () => {
    const { sql, rows, engine } = await ask("Which books were never loaned?");
    expect(sql).toMatch(/NOT EXISTS/);
    const expected = engine.rows(
      "SELECT title FROM books b WHERE NOT EXISTS (SELECT 1 FROM loans l WHERE l.book_id = b.book_id)",
    );
    expect(sorted(rows)).toEqual(sorted(expected));
  });

  it("reads a missing date as NULL", async () => {
    const { sql, rows, engine } = await ask("How many parcels have no delivery date recorded?", [parcels]);
    expect(sql).toMatch(/delivered_on.*IS NULL/i);
    expect(rows).toEqual(engine.rows("SELECT COUNT(*) FROM parcels WHERE delivered_on IS NULL"));
  });

  it("reads a flag's false side, not an empty value", async () => {
    const { sql, rows, engine } = await ask("How many members are not active?");
    expect(sql).not.toMatch(/IS NULL/i);
    expect(rows).toEqual(engine.rows("SELECT COUNT(*) FROM members WHERE is_active = 'N'"));
  });

  it("leaves out the values after 'except'", async () => {
    const { sql, rows, engine } = await ask("How many members are there, except Ada and Bram?");
    expect(sql).toMatch(/NOT IN/);
    expect(rows).toEqual(engine.rows("SELECT COUNT(*) FROM members WHERE first_name NOT IN ('Ada', 'Bram')"));
  });
});

describe("the asked output", () => {
  it("shows a full name as one value", async () => {
    const { sql } = await ask("What is the full name of the member with the most loans?");
    expect(sql).toMatch(/first_name.*\|\|\s*' '\s*\|\|.*last_name/);
  });

  it("answers 'when' with the date", async () => {
    const { sql } = await ask("When was the parcel for Recipient C sent?", [parcels]);
    expect(sql).toMatch(/SELECT[^,]*sent_on/);
  });
});
