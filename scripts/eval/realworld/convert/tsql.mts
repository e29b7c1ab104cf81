// SQL Server install scripts (T-SQL, as Microsoft's instpubs.sql) read into tables and views: batches
// split at GO lines, user-defined types (sp_addtype) resolved, `INSERT t VALUES (…)` without INTO,
// money literals ($20.00), IDENTITY columns numbered, literal DEFAULTs filled in, and datetime
// literals written in the script's `set dateformat mdy` read as SQL Server reads them.
import { parseCreateTable, parseCreateView, type TableDef, type ViewDef } from "./ddl.mts";
import { parenGroup, parseInsert, splitTopLevel, unquoteIdentifier } from "./sql-text.mts";
import type { TableData } from "./sqlite-write.mts";

/** The batches of a T-SQL script: the text between `GO` lines, comments kept out. */
export function tsqlBatches(script: string): string[] {
  const text = script.replace(/\r\n?/g, "\n").replace(/^\uFEFF/, "");
  return text
    .split(/^[ \t]*go[ \t]*$/im)
    .map((b) => b.trim())
    .filter(Boolean);
}

/** Splits a batch before each line that starts an INSERT (outside quotes): one batch holds many. */
export function tsqlStatements(batch: string): string[] {
  const out: string[] = [];
  let start = 0;
  let inQuote = false;
  for (let i = 0; i < batch.length; i++) {
    const c = batch[i];
    if (c === "'") inQuote = !inQuote;
    else if (!inQuote && c === "\n" && /^[ \t]*insert\b/i.test(batch.slice(i + 1, i + 40))) {
      out.push(batch.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(batch.slice(start).trim());
  return out.filter(Boolean);
}

type ColumnExtras = {
  identity?: { seed: number; step: number };
  literalDefault?: string;
  clockDefault?: boolean;
  /** A bit column: SQL Server stores any non-zero number written into it as 1. */
  bit?: boolean;
};

/** Per column of a CREATE TABLE: IDENTITY(seed, step), a constant DEFAULT, or a DEFAULT of the clock. */
function columnExtras(stmt: string): Map<string, ColumnExtras> {
  const out = new Map<string, ColumnExtras>();
  const body = parenGroup(stmt, stmt.indexOf("(")).inner;
  for (const item of splitTopLevel(body)) {
    const m = /^([\w$]+|\[[^\]]+\])\s+(.*)$/s.exec(item.trim());
    if (!m) continue;
    const extras: ColumnExtras = {};
    const identity = /\bidentity\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)/i.exec(m[2]);
    if (identity) extras.identity = { seed: Number(identity[1]), step: Number(identity[2]) };
    const def = /\bdefault\s*(\(+)?\s*('(?:[^']|'')*'|-?\d+(?:\.\d+)?|getdate\s*\(\s*\))/i.exec(m[2]);
    if (def && /^getdate/i.test(def[2])) extras.clockDefault = true;
    else if (def) extras.literalDefault = def[2].startsWith("'") ? def[2].slice(1, -1).replace(/''/g, "'") : def[2];
    out.set(unquoteIdentifier(m[1]), extras);
  }
  return out;
}

const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

/**
 * A datetime literal of a `set dateformat mdy` script ('06/12/91') as ISO text ('1991-06-12 00:00:00');
 * two-digit years follow SQL Server's default cutoff (00–49 → 20xx, 50–99 → 19xx).
 */
export function mdyDatetime(text: string): string {
  const m = MDY.exec(text.trim());
  if (!m) return text;
  const yy = Number(m[3]);
  const year = m[3].length === 4 ? yy : yy < 50 ? 2000 + yy : 1900 + yy;
  const pad = (n: string) => n.padStart(2, "0");
  return `${year}-${pad(m[1])}-${pad(m[2])} 00:00:00`;
}

/** A T-SQL value as stored: `$20.00` → "20.00", a datetime column's mdy literal → ISO, else as read. */
function tsqlValue(raw: string | null, type: string): string | null {
  if (raw === null) return null;
  if (/^\$-?[\d.]+$/.test(raw)) return raw.slice(1);
  if (/^(small)?datetime/i.test(type)) return mdyDatetime(raw);
  return raw;
}

export type TsqlOptions = {
  /** Columns left out (images written as 0x… hex), as "table.column". */
  drop?: readonly string[];
};

/**
 * The tables (keys included) and views of a T-SQL install script. A column an INSERT leaves out takes
 * its IDENTITY number or constant DEFAULT; a DEFAULT of the clock (getdate()) is the install time, not
 * data, and stays NULL (its NOT NULL is dropped).
 */
export function tablesOfTsqlScript(
  script: string,
  options: TsqlOptions = {},
): { tables: TableData[]; views: ViewDef[] } {
  const dropped = new Set(options.drop ?? []);
  const aliases = new Map<string, { type: string; notNull: boolean }>();
  const defs = new Map<string, { def: TableDef; extras: Map<string, ColumnExtras>; rows: unknown[][] }>();
  const views: ViewDef[] = [];
  for (const stmt of tsqlBatches(script).flatMap(tsqlStatements)) {
    const addTypes = [
      ...stmt.matchAll(/^\s*exec(?:ute)?\s+sp_addtype\s+(\w+)\s*,\s*'([^']+)'\s*(?:,\s*'([^']*)')?/gim),
    ];
    for (const a of addTypes) aliases.set(a[1].toLowerCase(), { type: a[2], notNull: /not\s+null/i.test(a[3] ?? "") });
    if (addTypes.length) continue;
    const view = parseCreateView(stmt);
    if (view) {
      views.push(view);
      continue;
    }
    const created = parseCreateTable(stmt);
    if (created) {
      const extras = columnExtras(stmt);
      for (const c of created.columns) {
        const a = aliases.get(c.type.toLowerCase());
        if (/^bit$/i.test(a?.type ?? c.type)) extras.set(c.name, { ...extras.get(c.name), bit: true });
        if (a) Object.assign(c, { type: a.type, notNull: c.notNull || a.notNull });
        // T-SQL's short and bit types, in the words sqliteType knows.
        c.type = c.type.replace(/^dec\b/i, "decimal").replace(/^bit$/i, "tinyint");
        if (extras.get(c.name)?.clockDefault) c.notNull = false;
      }
      defs.set(created.name.toLowerCase(), { def: created, extras, rows: [] });
      continue;
    }
    const insert = parseInsert(stmt);
    if (!insert) continue;
    const target = defs.get(insert.table.toLowerCase());
    if (!target) throw new Error(`INSERT into ${insert.table} before its CREATE TABLE`);
    const { def, extras } = target;
    const identityCols = def.columns.filter((c) => extras.get(c.name)?.identity);
    const listed = insert.columns.length
      ? insert.columns
      : def.columns
          .filter((c) => !identityCols.includes(c) || insert.rows[0]?.length === def.columns.length)
          .map((c) => c.name);
    for (const values of insert.rows) {
      if (values.length !== listed.length)
        throw new Error(`${def.name}: an INSERT has ${values.length} values for ${listed.length} columns`);
      const row = def.columns.map((c) => {
        const at = listed.findIndex((n) => n.toLowerCase() === c.name.toLowerCase());
        const x = extras.get(c.name);
        if (at >= 0 && x?.bit && values[at] !== null) return Number(values[at]) !== 0 ? "1" : "0";
        if (at >= 0) return tsqlValue(values[at], c.type);
        if (x?.identity) return x.identity.seed + target.rows.length * x.identity.step;
        return x?.literalDefault ?? null;
      });
      target.rows.push(row);
    }
  }
  const tables = [...defs.values()].map(({ def, rows }) => {
    const keep = def.columns.map((c) => !dropped.has(`${def.name}.${c.name}`));
    return {
      def: { ...def, columns: def.columns.filter((_, i) => keep[i]) },
      rows: rows.map((r) => r.filter((_, i) => keep[i])),
    };
  });
  return { tables, views };
}
