import nodeSqlParser from "node-sql-parser";
import { afterEach, describe, expect, it } from "vitest";
import { libraryDatabase } from "../index/semantic/testing/library";
import { semanticTable } from "../model/semantic-model";
import { graphInScope, viewScope } from "../reasoner/schema/views";
import { memoryEngine } from "../retrieval/testing/libsql-engine";
import { specPorts } from "../retrieval/testing/spec-ports";
import { createRecorder } from "../trace";
import { runFgtr } from "./fgtr/run-fgtr";
import { runSgam } from "./sgam/run-sgam";

// A view repeats rows of its base tables: joined back to one of them it multiplies rows. On a
// generated library database with two views (member_loans over members and loans, open_loans over
// loans), neither the local reasoner (FGTR) nor SGAM's path search may join a view to its base.

const { Parser } = nodeSqlParser as unknown as { Parser: new () => { tableList(sql: string, o: object): string[] } };
const parser = new Parser();
const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((e) => e.close()));

async function libraryPorts() {
  const engine = memoryEngine();
  open.push(engine);
  const { tables, views } = libraryDatabase();
  return specPorts(engine, tables, { views });
}

const BASES: Record<string, string[]> = { member_loans: ["loans", "members"], open_loans: ["loans"] };

/** Tables one statement reads. */
function tablesOf(sql: string): string[] {
  try {
    return parser.tableList(sql, { database: "sqlite" }).map((e) => (e.split("::").pop() ?? "").toLowerCase());
  } catch {
    return [...sql.matchAll(/"(\w+)"/g)].map((m) => m[1].toLowerCase());
  }
}

/** Statements and join edges of a run that put a view beside one of its base tables. */
function viewBaseJoins(events: ReadonlyArray<{ type: string } & Record<string, unknown>>): string[] {
  const bad: string[] = [];
  for (const e of events) {
    const read =
      e.type === "sql"
        ? tablesOf(String(e.sql))
        : e.type === "join-path"
          ? ((e.tables as string[] | undefined) ?? [])
          : [];
    for (const [view, bases] of Object.entries(BASES))
      if (read.includes(view) && bases.some((b) => read.includes(b))) bad.push(`${e.type}: ${read.join(", ")}`);
  }
  return bad;
}

const QUESTIONS = [
  "How many loans did each member have?",
  "Which member has the highest loan count?",
  "Show the member loans with the highest loan count.",
  "What is the loan count of members who are active?",
  "How many open loans are there?",
  "List the open loans of Ada Aalders.",
  "Which members have more than 3 loans?",
  "What is the average reading time of loans by members who joined in 2019?",
];

describe("views are never joined to their own base tables", () => {
  it("the model knows each view's base tables, and the full graph joins them (the rule has work to do)", async () => {
    const ports = await libraryPorts();
    for (const [view, bases] of Object.entries(BASES))
      expect(semanticTable(ports.semantic, view)?.view?.baseTables).toEqual(bases);
    const table = new Map(ports.graph.nodes.map((n) => [n.id, n.table]));
    const joined = ports.graph.edges.some(
      (e) => table.get(e.source) === "member_loans" && ["members", "loans"].includes(table.get(e.target) ?? ""),
    );
    const joinedBack = ports.graph.edges.some(
      (e) => table.get(e.target) === "member_loans" && ["members", "loans"].includes(table.get(e.source) ?? ""),
    );
    expect(joined || joinedBack).toBe(true);
  });

  it("hides a view the question does not name and cuts a named view off its base", async () => {
    const ports = await libraryPorts();
    const unnamed = viewScope("How many books were published before 1980?", ports);
    expect(unnamed.hidden.map((h) => h.table).sort()).toEqual(["member_loans", "open_loans"]);
    // A column that only counts what the base tables hold does not name the view.
    const counted = viewScope("What is the loan count of Ada Aalders?", ports);
    expect(counted.kept).toEqual([]);
    const byColumn = viewScope("Show the member loans of Ada Aalders.", ports);
    expect(byColumn.kept.map((k) => k.view)).toEqual(["member_loans"]);
    expect(byColumn.hidden.map((h) => h.table).sort()).toEqual(["loans", "members", "open_loans"]);
    const byName = viewScope("How many open loans are there?", ports);
    expect(byName.kept.map((k) => k.view)).toEqual(["open_loans"]);
    expect(byName.hidden.map((h) => h.table).sort()).toEqual(["loans", "member_loans"]);
    const hidden = new Set(byColumn.hidden.map((h) => h.table));
    const graph = graphInScope(ports.graph, hidden, byColumn.apart);
    expect(graph.nodes.some((n) => hidden.has(n.table))).toBe(false);
  });

  it("in FGTR's local reasoner", async () => {
    const ports = await libraryPorts();
    for (const q of QUESTIONS) {
      const sink = createRecorder();
      await runFgtr(q, {}, ports, sink);
      expect(viewBaseJoins(sink.events as never), q).toEqual([]);
    }
  }, 60_000);

  it("in SGAM's path search", async () => {
    const ports = await libraryPorts();
    for (const q of QUESTIONS) {
      const sink = createRecorder();
      await runSgam(q, {}, ports, sink);
      expect(viewBaseJoins(sink.events as never), q).toEqual([]);
      const paths = sink.events.filter((e) => e.type === "schema-path") as unknown as Array<{ tables?: string[] }>;
      for (const p of paths) expect(viewBaseJoins([{ type: "join-path", tables: p.tables ?? [] }]), q).toEqual([]);
    }
  }, 60_000);
});
