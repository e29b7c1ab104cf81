// CREATE TABLE statements of MySQL and PostgreSQL dumps read into table definitions with their
// declared primary and foreign keys, and the SQLite column type each source type becomes.
import { parenGroup, splitTopLevel, unquoteIdentifier } from "./sql-text.mts";

/**
 * A column; `generated` is the expression of a computed column (GENERATED ALWAYS AS (…)), as written;
 * `identity` marks a column the database numbers itself (GENERATED … AS IDENTITY), which a dump's
 * INSERTs may leave out.
 */
export type ColumnDef = { name: string; type: string; notNull: boolean; generated?: string; identity?: boolean };
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
  if (/\bgenerated\s+(?:always|by\s+default)(?:\s+on\s+null)?\s+as\s+identity\b/i.test(rest)) column.identity = true;
  table.columns.push(column);
  if (/\bprimary\s+key\b/i.test(rest)) table.primaryKey = [name];
  const ref = REFERENCES.exec(rest);
  if (ref) table.foreignKeys.push({ columns: [name], table: unquoteIdentifier(ref[1]), refColumns: identList(ref[2]) });
}

/** The SQLite type a source column type becomes (its affinity decides how text values are stored). */
export function sqliteType(sourceType: string): "INTEGER" | "REAL" | "TEXT" | "BLOB" {
  const t = sourceType.toLowerCase();
  if (/^(tiny|small|medium|big)?int(eger)?\b|^serial|^bool/.test(t)) return "INTEGER";
  // Oracle's NUMBER(p) and NUMBER(p, 0) hold whole numbers; NUMBER(p, s) and a bare NUMBER hold decimals.
  if (/^number\s*\(\s*\d+\s*(,\s*0\s*)?\)/.test(t)) return "INTEGER";
  if (/^(decimal|numeric|number|double|float|binary_(float|double)|real|money|smallmoney)/.test(t)) return "REAL";
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

const ALTER_ADD = new RegExp(
  String.raw`^alter\s+table\s+(${QUALIFIED})\s+add\s+(?:constraint\s+${IDENT}\s+)?(primary\s+key|foreign\s+key)\s*\(`,
  "i",
);

/**
 * Applies `ALTER TABLE t ADD [CONSTRAINT c] PRIMARY KEY (…) | FOREIGN KEY (…) REFERENCES u (…)` to the
 * definitions (Oracle's scripts declare keys this way); returns false for any other statement.
 */
export function applyAlterTableKey(stmt: string, defs: ReadonlyMap<string, TableDef>): boolean {
  const head = ALTER_ADD.exec(stmt);
  if (!head) return false;
  const name = unquoteIdentifier(head[1]);
  const def = [...defs.values()].find((d) => d.name.toLowerCase() === name.toLowerCase());
  if (!def) throw new Error(`ALTER TABLE ${name} before its CREATE TABLE`);
  const cols = parenGroup(stmt, head[0].length - 1);
  if (/^primary/i.test(head[2])) def.primaryKey = identList(cols.inner);
  else {
    const ref = REFERENCES.exec(stmt.slice(cols.end));
    if (!ref) throw new Error(`ALTER TABLE ${name}: a foreign key without REFERENCES`);
    def.foreignKeys.push({
      columns: identList(cols.inner),
      table: unquoteIdentifier(ref[1]),
      refColumns: identList(ref[2]),
    });
  }
  return true;
}

/** A view's SELECT rewritten in SQLite's dialect, and why the source's own text cannot run there. */
export type ViewTranslation = { select: string; why: string };

/**
 * The views as SQLite will hold them: each source view's SELECT as written, or its translation when
 * the source dialect has what SQLite lacks (LISTAGG, GROUPING SETS, JSON_TABLE…). A translation for a
 * view the source does not define is an error, so a renamed view is never silently dropped.
 */
export function viewsInSqlite(
  views: readonly ViewDef[],
  translations: Record<string, ViewTranslation> = {},
): ViewDef[] {
  const names = new Set(views.map((v) => v.name));
  for (const name of Object.keys(translations))
    if (!names.has(name)) throw new Error(`a SQLite translation of view ${name}, which the source does not define`);
  return views.map((v) => ({ name: v.name, select: translations[v.name]?.select ?? v.select }));
}
