import type { ProfiledColumn, ProfiledSchema } from "./types";

/** A comparison of a column with a literal in the answer's SQL: `"Cylinders" = 1974`. */
export type SqlComparison = { column: string; op: string; value: string | number };

const COMPARISON =
  /(?:\b\w+\.)?("(?:[^"]|"")+"|\b[A-Za-z_]\w*)\s*(=|==|<>|!=|>=|<=|>|<)\s*(-?\d+(?:\.\d+)?(?![\w.])|'(?:[^']|'')*')/g;
const CAST =
  /CAST\(\s*(?:\w+\.)?("(?:[^"]|"")+"|[A-Za-z_]\w*)\s+AS\s+\w+\s*\)\s*(=|<>|!=|>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)/gi;
const KEYWORDS = new Set([
  "and",
  "or",
  "not",
  "limit",
  "offset",
  "select",
  "where",
  "on",
  "then",
  "else",
  "when",
  "rowid",
]);

function unquote(id: string): string {
  return id.startsWith('"') ? id.slice(1, -1).replace(/""/g, '"') : id;
}

/** Column-literal comparisons in a SQL text (WHERE and HAVING alike); aggregates are skipped. */
export function sqlComparisons(sql: string): SqlComparison[] {
  const out: SqlComparison[] = [];
  for (const re of [COMPARISON, CAST]) {
    for (const m of sql.matchAll(re)) {
      const column = unquote(m[1]);
      if (KEYWORDS.has(column.toLowerCase())) continue;
      const raw = m[3];
      const value = raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : Number(raw);
      out.push({ column, op: m[2], value });
    }
  }
  return out;
}

/** String literals of a SQL text (filter values), unescaped. */
export function sqlStrings(sql: string): string[] {
  return [...sql.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'"));
}

/** Every column of the schema with this sqlName (the SQL may not say which table). */
export function columnsNamed(schema: ProfiledSchema, column: string): Array<ProfiledColumn & { table: string }> {
  const key = column.toLowerCase();
  return schema.tables.flatMap((t) =>
    t.columns.filter((c) => c.column.toLowerCase() === key).map((c) => ({ ...c, table: t.name })),
  );
}

const NUMERIC = new Set(["integer", "real", "number"]);

/** "Cylinders" → "Cylinders'", "Year" → "Year's". */
function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** Formats a number as people read it: 5312 → "5,312", 3.25 → "3.25". */
export function readable(v: string | number): string {
  if (typeof v !== "number") return v;
  return Number.isInteger(v) ? v.toLocaleString("en-US") : String(Number(v.toPrecision(6)));
}

/**
 * Why a comparison can match nothing in the column's observed values, or null: a number outside
 * [min, max] (for =, or beyond the side it compares to), or a word compared with a number column.
 */
export function outOfRange(c: ProfiledColumn, cmp: SqlComparison): { kind: "range" | "type"; reason: string } | null {
  const p = c.profile;
  if (!p) return null;
  const numeric = NUMERIC.has(p.type) || NUMERIC.has(c.type);
  if (typeof cmp.value === "string") {
    if (numeric && cmp.value.trim() !== "" && !Number.isFinite(Number(cmp.value.replace(/,/g, ""))) && cmp.op === "=") {
      return { kind: "type", reason: `"${cmp.value}" is not a number, but ${c.name} holds numbers` };
    }
    return null;
  }
  if (!numeric || typeof p.min !== "number" || typeof p.max !== "number") return null;
  const v = cmp.value;
  // Literals as the question wrote them: a year stays "1974", not "1,974".
  const plain = (x: number) => (Number.isInteger(x) ? String(x) : readable(x));
  const span = `${plain(p.min)}–${plain(p.max)}`;
  const outside = (cmp.op === "=" || cmp.op === "==") && (v < p.min || v > p.max);
  const above = (cmp.op === ">" && v >= p.max) || (cmp.op === ">=" && v > p.max);
  const below = (cmp.op === "<" && v <= p.min) || (cmp.op === "<=" && v < p.min);
  if (outside || above || below)
    return { kind: "range", reason: `${plain(v)} is outside ${possessive(c.name)} values ${span}` };
  return null;
}
