// The SQL worker's look at what SQLite compiled a statement to (./sql-worker.ts): the authority on
// what a statement does, whatever its text looks like. SQLite parses it (in linear time), so a
// statement SQLite cannot compile never reaches the slower JavaScript parser.
import "server-only";
import { ALLOWED_FUNCTIONS } from "./allowed-functions";
import type { Connection } from "./worker-connection";
import type { GuardTable } from "./worker-protocol";

/** Opcodes that only a statement changing a database or the schema compiles to. */
const WRITE_OPCODES = new Set([
  "OpenWrite",
  "VUpdate",
  "VCreate",
  "VDestroy",
  "Destroy",
  "CreateBtree",
  "ParseSchema",
  "Vacuum",
  "IncrVacuum",
  "DropTable",
  "DropIndex",
  "DropTrigger",
  "JournalMode",
  "SqlExec",
]);
const FUNCTION_OPCODES = new Set(["Function", "PureFunc", "AggStep", "AggStep1", "AggInverse", "AggValue", "AggFinal"]);
/** Opcodes that open a b-tree of a database file: P2 is its root page, P3 the database's number. */
const OPEN_OPCODES = new Set(["OpenRead", "ReopenIdx"]);
/** P5 flag of an open opcode whose P2 is a register, not a root page. */
const OPFLAG_P2ISREG = 0x02;

export type ProgramRefusal = { reason: string; message: string };
type Op = [number, string, number, number, number, unknown, number];

/** The compiled program of a statement (EXPLAIN): throws SQLite's own error when it cannot compile. */
export async function compiledProgram(db: Connection, sql: string): Promise<Op[]> {
  return (await (await db.prepare(`EXPLAIN ${sql}`)).raw(true).all()) as Op[];
}

/**
 * No write opcode, no write transaction, only allowed functions; with `tables` (when the parser
 * could not read the statement), every b-tree it opens must belong to one of them, and no virtual
 * table may be opened (which one a program opens cannot be told from it).
 */
export async function checkProgram(
  db: Connection,
  program: Op[],
  tables?: readonly GuardTable[] | null,
): Promise<ProgramRefusal | null> {
  for (const [, opcode, , p2, , p4] of program) {
    if (WRITE_OPCODES.has(opcode) || (opcode === "Transaction" && Number(p2) !== 0))
      return {
        reason: "writes",
        message: `The statement would change the database (${opcode}); only reading is allowed.`,
      };
    if (FUNCTION_OPCODES.has(opcode) && typeof p4 === "string") {
      const name = p4.replace(/\(-?\d+\)$/, "").toLowerCase();
      if (!ALLOWED_FUNCTIONS.has(name))
        return { reason: "forbidden_function", message: `The function ${name}() is not allowed in a query.` };
    }
  }
  return tables === undefined ? null : checkProgramTables(db, program, tables);
}

async function checkProgramTables(
  db: Connection,
  program: Op[],
  tables: readonly GuardTable[] | null,
): Promise<ProgramRefusal | null> {
  const opened = new Map<number, Set<number>>();
  for (const [, opcode, , p2, p3, , p5] of program) {
    if (opcode === "VOpen")
      return {
        reason: "forbidden_table",
        message:
          "The statement reads a virtual table or table-valued function in syntax the guard cannot check; " +
          "write it as a plain SELECT … FROM json_each(…).",
      };
    if (!OPEN_OPCODES.has(opcode)) continue;
    if (Number(p5) & OPFLAG_P2ISREG)
      return { reason: "forbidden_table", message: "The statement opens a table the guard cannot name." };
    const pages = opened.get(Number(p3)) ?? new Set<number>();
    pages.add(Number(p2));
    opened.set(Number(p3), pages);
  }
  if (!opened.size) return null;
  const schemas = new Map(
    ((await (await db.prepare("PRAGMA database_list")).raw(true).all()) as Array<[number, string]>).map(
      ([seq, name]) => [seq, name],
    ),
  );
  const allowed = tables ? new Set(tables.map((t) => `${t.schema}.${t.name}`.toLowerCase())) : null;
  for (const [seq, pages] of opened) {
    const schema = schemas.get(seq);
    if (!schema || schema === "temp")
      return { reason: "forbidden_table", message: "The statement reads a temporary table." };
    const owners = new Map<number, string>([[1, "sqlite_schema"]]);
    const quoted = `"${schema.replace(/"/g, '""')}"`;
    const rows = await (await db.prepare(`SELECT rootpage, tbl_name FROM ${quoted}.sqlite_schema`)).raw(true).all();
    for (const [page, table] of rows as Array<[number, string]>) if (page) owners.set(Number(page), String(table));
    for (const page of pages) {
      const table = owners.get(page);
      const known =
        table !== undefined &&
        !table.toLowerCase().startsWith("sqlite_") &&
        (!allowed || allowed.has(`${schema}.${table}`.toLowerCase()));
      if (!known)
        return {
          reason: "forbidden_table",
          message: `The query reads ${table ? `"${table}"` : "a table"}, which is not a table of this dataset.`,
        };
    }
  }
  return null;
}
