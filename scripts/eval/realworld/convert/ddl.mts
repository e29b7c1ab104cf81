// CREATE TABLE statements of MySQL and PostgreSQL dumps read into table definitions with their
// declared primary and foreign keys, and the SQLite column type each source type becomes.
import { parenGroup, splitTopLevel, unquoteIdentifier } from "./sql-text.mts";

/** A column; `generated` is the expression of a computed column (GENERATED ALWAYS AS (…)), as written. */
export type ColumnDef = { name: string; type: string; notNull: boolean; generated?: string };
export type ForeignKey = { columns: string[]; table: string; refColumns: string[] };
export type TableDef = { name: string; columns: ColumnDef[]; primaryKey: string[]; foreignKeys: ForeignKey[] };

const IDENT = String.raw`(?:\`[^\`]+\`|"[^"]+"|\[[^\]]+\]|[\w$]+)`;
const QUALIFIED = `${IDENT}(?:\\s*\\.\\s*${IDENT})?`;
const CREATE = new RegExp(String.raw`^create\s+table\s+(?:if\s+not\s+exists\s+)?(${QUALIFIED})\s*\(`, "i");
const REFERENCES = new RegExp(String.raw`references\s+(${QUALIFIED})\s*\(([^)]*)\)`, "i");
const TABLE_CONSTRAINT = /^(primary\s+key|foreign\s+key|unique|key|index|fulltext|spatial|check|exclude)\b/i;

const identList = (inner: string) => splitTopLevel(inner).map((c) => unquoteIdentifier(c.replace(/\(\d+\)$/, "")));

/** One CREATE TABLE statement as a table definition; null for any other statement. */
export function parseCreateTable(stmt: string): TableDef | null {
  const head = CREATE.exec(stmt);
  if (!head) return null;
  const body = parenGroup(stmt, head[0].length - 1).inner;
  const table: TableDef = { name: unquoteIdentifier(head[1]), columns: [], primaryKey: [], foreignKeys: [] };
  for (const rawItem of splitTopLevel(body)) {
    const item = rawItem.replace(new RegExp(String.raw`^constraint\s+${IDENT}\s+`, "i"), "");
    const kind = TABLE_CONSTRAINT.exec(item)?.[1].toLowerCase().replace(/\s+/g, " ");
    if (kind === "primary key") table.primaryKey = identList(parenGroup(item, item.indexOf("(")).inner);
    else if (kind === "foreign key") {
      const cols = parenGroup(item, item.indexOf("("));
      const ref = REFERENCES.exec(item.slice(cols.end));
      if (ref)
        table.foreignKeys.push({
          columns: identList(cols.inner),
          table: unquoteIdentifier(ref[1]),
          refColumns: identList(ref[2]),
        });
    } else if (!kind) readColumn(item, table);
  }
  return table;
}

/** A column definition: name, type words, NOT NULL, and inline PRIMARY KEY / REFERENCES. */
function readColumn(item: string, table: TableDef): void {
  const m = new RegExp(`^(${IDENT})\\s+(.*)$`, "s").exec(item);
  if (!m) return;
  const name = unquoteIdentifier(m[1]);
  const rest = m[2];
  const type = /^[a-z_][\w ]*?(?:\([^)]*\))?(?=\s|$)/i.exec(rest)?.[0] ?? rest.split(/\s/)[0];
  const column: ColumnDef = { name, type: type.trim(), notNull: /\bnot\s+null\b/i.test(rest) };
  const generated = /\bgenerated\s+always\s+as\s*\(/i.exec(rest);
  if (generated) column.generated = parenGroup(rest, generated.index + generated[0].length - 1).inner.trim();
  table.columns.push(column);
  if (/\bprimary\s+key\b/i.test(rest)) table.primaryKey = [name];
  const ref = REFERENCES.exec(rest);
  if (ref) table.foreignKeys.push({ columns: [name], table: unquoteIdentifier(ref[1]), refColumns: identList(ref[2]) });
}

/** The SQLite type a source column type becomes (its affinity decides how text values are stored). */
export function sqliteType(sourceType: string): "INTEGER" | "REAL" | "TEXT" | "BLOB" {
  const t = sourceType.toLowerCase();
  if (/^(tiny|small|medium|big)?int(eger)?\b|^serial|^bool/.test(t)) return "INTEGER";
  if (/^(decimal|numeric|double|float|real|money|smallmoney)/.test(t)) return "REAL";
  if (/blob|bytea|binary|image/.test(t)) return "BLOB";
  return "TEXT";
}

/** A view as its DDL defines it: its name and the SELECT it stands for, as written. */
export type ViewDef = { name: string; select: string };

const CREATE_VIEW = new RegExp(
  String.raw`^create\s+(?:or\s+replace\s+)?(?:(?:no\s+)?force\s+)?(?:temp(?:orary)?\s+)?view\s+` +
    String.raw`(?:if\s+not\s+exists\s+)?(${QUALIFIED})\s+as\s+`,
  "i",
);

/** One CREATE VIEW statement as a view definition; null for any other statement. */
export function parseCreateView(stmt: string): ViewDef | null {
  const head = CREATE_VIEW.exec(stmt);
  if (!head) return null;
  return { name: unquoteIdentifier(head[1]), select: stmt.slice(head[0].length).trim() };
}
