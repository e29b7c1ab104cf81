import "server-only";
import { SqlRefusedError } from "./errors";
import type { GuardedQueryResult, GuardTarget } from "./guarded-query";

/**
 * The PRAGMAs the guard lets through: they only read what the schema says of a table. Never one
 * that sets something (`PRAGMA x = …`) or reads anything else; a table they name must be one of
 * the dataset's.
 */
export const READ_ONLY_PRAGMAS: ReadonlySet<string> = new Set([
  "table_info",
  "table_xinfo",
  "table_list",
  "index_list",
  "foreign_key_list",
]);
/** Of them, the ones that need a table. */
const NEEDS_TABLE = new Set(["table_info", "table_xinfo", "index_list", "foreign_key_list"]);

export type ReadOnlyPragma = { name: string; schema: string | null; table: string | null };

const LEADING_COMMENTS = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;
const IDENT = String.raw`(?:[A-Za-z_][A-Za-z0-9_$]*|"(?:[^"]|"")*"|\[[^\]]*\]|\x60(?:[^\x60]|\x60\x60)*\x60)`;
const ARGUMENT = String.raw`(?:\(\s*(${IDENT}|'(?:[^']|'')*')\s*\))?`;
const PRAGMA = new RegExp(
  String.raw`^PRAGMA\s+(?:(${IDENT})\s*\.\s*)?([A-Za-z_][A-Za-z0-9_]*)\s*${ARGUMENT}\s*;?\s*$`,
  "i",
);

const unquote = (text: string): string => {
  const first = text[0];
  if (first === '"' || first === "'" || first === "`") return text.slice(1, -1).replaceAll(first + first, first);
  if (first === "[") return text.slice(1, -1);
  return text;
};

/**
 * A read-only PRAGMA statement (`PRAGMA table_info(orders)`, `PRAGMA main.table_list`), or null when
 * the text is not a PRAGMA at all. A PRAGMA that sets something or is not in READ_ONLY_PRAGMAS is
 * refused with the list of those that run.
 */
export function readOnlyPragma(sql: string): ReadOnlyPragma | null {
  const text = sql.replace(LEADING_COMMENTS, "");
  if (!/^PRAGMA\b/i.test(text)) return null;
  const match = text.length <= 1000 ? PRAGMA.exec(text) : null;
  const name = match?.[2]?.toLowerCase();
  if (!match || !name || !READ_ONLY_PRAGMAS.has(name))
    throw new SqlRefusedError(
      "forbidden_keyword",
      `Only read-only PRAGMAs run here (${[...READ_ONLY_PRAGMAS].join(", ")}, e.g. PRAGMA table_info(orders)); ` +
        "a PRAGMA that sets something is refused.",
    );
  const table = match[3] ? unquote(match[3]) : null;
  if (NEEDS_TABLE.has(name) && !table)
    throw new SqlRefusedError("parse_error", `PRAGMA ${name} needs a table: PRAGMA ${name}(orders).`);
  return { name, schema: match[1] ? unquote(match[1]) : null, table };
}

/**
 * Runs a read-only PRAGMA as the table-valued function SQLite offers for it (`pragma_table_info`),
 * built here from the checked names, with the names bound as parameters; `table_list` lists only
 * the dataset's tables. A connected PostgreSQL database has no PRAGMAs. `run` runs the server's own
 * SQL on the dataset's files (the guard's runCheckedSql, passed in: the guard calls this module).
 */
export async function runPragma(
  target: GuardTarget,
  pragma: ReadOnlyPragma,
  run: (sql: string, params: string[]) => Promise<GuardedQueryResult>,
): Promise<GuardedQueryResult> {
  if (target.files.postgres)
    throw new SqlRefusedError("not_select", "PRAGMA reads a SQLite file's schema; this dataset lives in PostgreSQL.");
  const lower = (s: string) => s.toLowerCase();
  const schemas = new Set(target.tables.map((t) => lower(t.schema)));
  if (pragma.schema && !schemas.has(lower(pragma.schema)))
    throw new SqlRefusedError("forbidden_table", `"${pragma.schema}" is not a schema of this dataset.`);
  if (pragma.name === "table_list") {
    const result = await run("SELECT * FROM pragma_table_list", []);
    const known = new Set(target.tables.map((t) => lower(`${t.schema}.${t.name}`)));
    const wanted = (schema: unknown, name: unknown) =>
      known.has(lower(`${schema}.${name}`)) &&
      (!pragma.schema || lower(String(schema)) === lower(pragma.schema)) &&
      (!pragma.table || lower(String(name)) === lower(pragma.table));
    const rows = result.rows.filter((r) => wanted(r[0], r[1]));
    return { ...result, rows, rowCount: rows.length };
  }
  const table = target.tables.find(
    (t) => lower(t.name) === lower(pragma.table ?? "") && (!pragma.schema || lower(t.schema) === lower(pragma.schema)),
  );
  if (!table) throw new SqlRefusedError("forbidden_table", `"${pragma.table}" is not a table of this dataset.`);
  return run(`SELECT * FROM pragma_${pragma.name}(?, ?)`, [table.name, table.schema]);
}
