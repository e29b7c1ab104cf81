/**
 * SQL dialects a dataset's engine speaks. Methods build one SQLite-flavoured SELECT (the embedded
 * engine's); `renderForDialect` turns it into the engine's own dialect before it runs and before the
 * trace shows it, so every method answers on every engine without a fork of its SQL building.
 */
export type SqlDialect = "sqlite" | "postgres";

const STRING = "\u0001";
const IDENT = "\u0002";

type Masked = { text: string; pieces: string[] };

/** Replaces quoted strings and identifiers by placeholders, so rewrites touch only SQL code. */
function mask(sql: string): Masked {
  const pieces: string[] = [];
  let text = "";
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      for (; j < sql.length; j++) {
        if (sql[j] === ch) {
          if (sql[j + 1] === ch) j++;
          else break;
        }
      }
      pieces.push(sql.slice(i, j + 1));
      const mark = ch === "'" ? STRING : IDENT;
      text += `${mark}${pieces.length - 1}${mark}`;
      i = j + 1;
    } else {
      text += ch;
      i++;
    }
  }
  return { text, pieces };
}

function unmask({ text, pieces }: Masked): string {
  return text.replace(/[\u0001\u0002](\d+)[\u0001\u0002]/g, (_, n: string) => pieces[Number(n)]);
}

/** The index of the parenthesis closing the one at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return -1;
}

/** Rewrites every call `name(args)` (case-insensitive) with `build(args)`, innermost calls included. */
function rewriteCalls(text: string, name: string, build: (args: string) => string | null): string {
  const re = new RegExp(`\\b${name}\\s*\\(`, "gi");
  let out = text;
  let from = 0;
  for (;;) {
    re.lastIndex = from;
    const m = re.exec(out);
    if (!m) return out;
    const open = m.index + m[0].length - 1;
    const close = closing(out, open);
    if (close < 0) return out;
    const args = rewriteCalls(out.slice(open + 1, close), name, build);
    const replaced = build(args);
    if (replaced === null) {
      from = close;
      continue;
    }
    out = out.slice(0, m.index) + replaced + out.slice(close + 1);
    from = m.index + replaced.length;
  }
}

/** Splits a call's arguments at top-level commas. */
function splitArgs(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "(") depth++;
    else if (args[i] === ")") depth--;
    else if (args[i] === "," && depth === 0) {
      parts.push(args.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(args.slice(start));
  return parts.map((p) => p.trim());
}

/** Where `keyword` first occurs outside parentheses, or -1. */
function topLevel(text: string, keyword: RegExp): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")") depth--;
    else if (depth === 0 && keyword.test(text.slice(i, i + 12))) return i;
  }
  return -1;
}

/**
 * SQLite lets a column stand beside an aggregate without GROUP BY (its value comes from the row
 * MIN or MAX picked, or from any row); PostgreSQL refuses it. Such a column is read the same way.
 */
function bareColumns(t: string): string {
  const head = /^SELECT (DISTINCT )?/i.exec(t);
  if (!head || /\bGROUP BY\b/i.test(t)) return t;
  const from = topLevel(t, /^ FROM /i);
  if (from < 0) return t;
  const items = splitArgs(t.slice(head[0].length, from));
  const aggregates = items.filter((i) => /^(MIN|MAX|COUNT|SUM|AVG)\s*\(/i.test(i));
  const column = new RegExp(`^${QUALIFIER}\u0002\\d+\u0002$`);
  if (!aggregates.length || !items.some((i) => column.test(i))) return t;
  const only = aggregates.length === 1 ? /^(MIN|MAX)\s*\(([\s\S]*)\)$/i.exec(aggregates[0]) : null;
  const order = only ? ` ORDER BY ${only[2]} ${only[1].toUpperCase() === "MIN" ? "ASC" : "DESC"} NULLS LAST` : "";
  const list = items.map((i) => (column.test(i) ? `(array_agg(${i}${order}))[1]` : i));
  return `${head[0]}${list.join(", ")}${t.slice(from)}`;
}

const NUMBER_TEXT = String.raw`'^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$'`;

/**
 * A PostgreSQL expression standing for SQLite's rowid: the row's physical position (ctid) as one
 * integer. Stable while the row is not updated, which is what a read-only session sees.
 */
export function postgresRowId(prefix = ""): string {
  return `((${prefix}ctid::text::point)[0]::bigint * 65536 + (${prefix}ctid::text::point)[1]::bigint)`;
}

const QUALIFIER = String.raw`((?:\u0002\d+\u0002|[A-Za-z_][A-Za-z0-9_]*)\.)?`;

function toPostgres(sql: string): string {
  const m = mask(sql);
  let t = m.text;
  // rowid and its aliases → the row's ctid as an integer (qualified by the same table alias).
  t = t.replace(new RegExp(`${QUALIFIER}\\b(?:rowid|_rowid_|oid)\\b`, "gi"), (_, q: string | undefined) =>
    postgresRowId(q ?? ""),
  );
  // SQLite's JSON list of ids, bound as one parameter.
  t = t.replace(
    /SELECT value FROM json_each\(\?\)/gi,
    "SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(? AS JSON)) AS j(value)",
  );
  // Case-insensitive text equality.
  t = t.replace(
    new RegExp(`(${QUALIFIER}\\u0002\\d+\\u0002) = (\\u0001\\d+\\u0001) COLLATE NOCASE`, "g"),
    (_, col: string, _q: string, lit: string) => `lower(CAST(${col} AS TEXT)) = lower(${lit})`,
  );
  t = t.replace(/\s+COLLATE\s+NOCASE\b/gi, "");
  // PostgreSQL refuses DISTINCT with an ORDER BY over something not selected (COUNT(*) of the
  // groups); with GROUP BY the rows are groups already, so DISTINCT is dropped.
  if (/^SELECT DISTINCT /i.test(t) && /\bGROUP BY\b[^()]*\bORDER BY\b/i.test(t))
    t = t.replace(/^SELECT DISTINCT /i, "SELECT ");
  t = bareColumns(t);
  // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE does.
  t = t.replace(/(?<![A-Za-z_])LIKE\b/gi, "ILIKE");
  // A text read as a number: NULL where SQLite would have read a prefix or 0 (PostgreSQL would fail).
  t = rewriteCalls(t, "CAST", (args) => {
    const real = /^(.*)\s+AS\s+(REAL|INTEGER)$/is.exec(args.trim());
    if (!real) return null;
    const type = real[2].toUpperCase() === "REAL" ? "DOUBLE PRECISION" : "BIGINT";
    const inner = real[1];
    m.pieces.push(NUMBER_TEXT);
    const pattern = `${STRING}${m.pieces.length - 1}${STRING}`;
    return `(CASE WHEN CAST(${inner} AS TEXT) ~ ${pattern} THEN CAST(CAST(${inner} AS TEXT) AS ${type}) END)`;
  });
  // SQLite sums text that holds numbers; PostgreSQL sums only numbers: a plain column is read as one.
  for (const fn of ["SUM", "AVG"])
    t = rewriteCalls(t, fn, (args) => {
      const arg = args.trim();
      if (!new RegExp(`^${QUALIFIER}\u0002\\d+\u0002$`).test(arg)) return null;
      m.pieces.push(NUMBER_TEXT);
      const pattern = `${STRING}${m.pieces.length - 1}${STRING}`;
      const text = `CAST(${arg} AS TEXT)`;
      return `${fn}(CASE WHEN ${text} ~ ${pattern} THEN CAST(${text} AS DOUBLE PRECISION) END)`;
    });
  t = rewriteCalls(t, "group_concat", (args) => {
    const [value, sep] = splitArgs(args);
    return `string_agg(CAST(${value} AS TEXT), ${sep ?? "','"})`;
  });
  t = rewriteCalls(t, "round", (args) => {
    const [value, digits] = splitArgs(args);
    return `round(CAST(${value} AS NUMERIC)${digits ? `, ${digits}` : ""})`;
  });
  t = t
    .replace(/\bchar\(/gi, "chr(")
    .replace(/\bifnull\(/gi, "coalesce(")
    .replace(/\binstr\(/gi, "strpos(");
  // A bare integer compared with a column becomes an untyped literal: PostgreSQL then reads it as the
  // column's type, as SQLite's column affinity does (a text column of numbers compares as text).
  t = t.replace(
    new RegExp(`(${QUALIFIER}\\u0002\\d+\\u0002\\s*(?:=|<>|!=|<=|>=|<|>)\\s*)(-?\\d+)(?![\\d.eE])`, "g"),
    (_, head: string, _q: string, value: string) => {
      m.pieces.push(`'${value}'`);
      return `${head}${STRING}${m.pieces.length - 1}${STRING}`;
    },
  );
  let n = 0;
  t = t.replace(/\?/g, () => `$${++n}`);
  return unmask({ text: t, pieces: m.pieces });
}

/** The statement in the dialect's own SQL (identity for SQLite). */
export function renderForDialect(sql: string, dialect: SqlDialect = "sqlite"): string {
  return dialect === "postgres" ? toPostgres(sql) : sql;
}
