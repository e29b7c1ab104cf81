import { parseColumnKey } from "../model/column-ref";

/**
 * Names as the user wrote them. An uploaded CSV or sheet is stored under generated identifiers
 * (`"main"."invoice"."billing_postal_code"`) behind the file's own names ("Invoice",
 * "BillingPostalCode"); SQL, pickers and traces show the file's names, and say so when the SQL that
 * ran differs.
 */
type NameBookTable = {
  name: string;
  sqlName: string;
  schemaName: string;
  columns: ReadonlyArray<{ sqlName: string; name: string }>;
};
export type NameBook = { tables: readonly NameBookTable[] };

const SIMPLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** An identifier as it must be written: bare when simple, quoted otherwise. */
const ident = (name: string, wasQuoted: boolean) => (wasQuoted || !SIMPLE.test(name) ? quote(name) : name);

type Token = { kind: "string" | "ident" | "word" | "other"; text: string; value?: string };

/** SQL as tokens: string literals, quoted identifiers ("x", `x`, [x]), words and everything else. */
function tokenize(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "'") {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === "'" && sql[j + 1] !== "'")) j += sql[j] === "'" ? 2 : 1;
      out.push({ kind: "string", text: sql.slice(i, j + 1) });
      i = j + 1;
    } else if (ch === '"' || ch === "`" || ch === "[") {
      const close = ch === "[" ? "]" : ch;
      let j = i + 1;
      let value = "";
      while (j < sql.length) {
        if (sql[j] === close && sql[j + 1] === close && close !== "]") {
          value += close;
          j += 2;
        } else if (sql[j] === close) break;
        else value += sql[j++];
      }
      out.push({ kind: "ident", text: sql.slice(i, j + 1), value });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(ch)) {
      const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i))!;
      out.push({ kind: "word", text: m[0], value: m[0] });
      i += m[0].length;
    } else {
      out.push({ kind: "other", text: ch });
      i++;
    }
  }
  return out;
}

const isName = (t: Token | undefined) => t !== undefined && (t.kind === "ident" || t.kind === "word");
const isDot = (t: Token | undefined) => t?.kind === "other" && t.text === ".";
const isSpace = (t: Token | undefined) => t?.kind === "other" && /\s/.test(t.text);

/**
 * The SQL with the file's names in place of generated identifiers: `"main"."invoice"` → `"Invoice"`,
 * `T1."billing_postal_code"` → `T1."BillingPostalCode"` (by the alias's table; an unqualified column
 * only when one table has it). The attach schema ("main", "src1") is dropped. String literals are
 * copied as written. `changed` says whether a name differs from the identifier the SQL ran with.
 */
export function sqlInUserNames(sql: string, book: NameBook): { sql: string; changed: boolean } {
  const tokens = tokenize(sql);
  const schemas = new Set(book.tables.map((t) => t.schemaName.toLowerCase()));
  const tableBySql = new Map<string, NameBookTable>();
  for (const t of book.tables) tableBySql.set(t.sqlName.toLowerCase(), t);
  const columnAnywhere = new Map<string, string | null>();
  for (const t of book.tables)
    for (const c of t.columns) {
      const key = c.sqlName.toLowerCase();
      const seen = columnAnywhere.get(key);
      columnAnywhere.set(key, seen === undefined || seen === c.name ? c.name : null);
    }
  // Aliases: a table reference followed by [AS] alias.
  const aliasTable = new Map<string, NameBookTable>();
  const tableAt = (i: number): { table: NameBookTable; end: number } | null => {
    // ["schema" "."] "table"
    if (!isName(tokens[i])) return null;
    if (isDot(tokens[i + 1]) && isName(tokens[i + 2]) && schemas.has(tokens[i].value!.toLowerCase())) {
      const t = tableBySql.get(tokens[i + 2].value!.toLowerCase());
      return t ? { table: t, end: i + 3 } : null;
    }
    return null;
  };
  for (let i = 0; i < tokens.length; i++) {
    const hit = tableAt(i);
    if (!hit) continue;
    let j = hit.end;
    while (isSpace(tokens[j])) j++;
    if (tokens[j]?.kind === "word" && tokens[j].value!.toUpperCase() === "AS") {
      j++;
      while (isSpace(tokens[j])) j++;
    }
    if (
      isName(tokens[j]) &&
      !/^(WHERE|JOIN|ON|GROUP|ORDER|LIMIT|INNER|LEFT|CROSS|UNION|EXCEPT|INTERSECT)$/i.test(tokens[j].value!)
    )
      aliasTable.set(tokens[j].value!.toLowerCase(), hit.table);
    aliasTable.set(hit.table.sqlName.toLowerCase(), hit.table);
  }
  const out: string[] = [];
  let renamed = false;
  const use = (name: string, sqlName: string) => {
    if (name !== sqlName) renamed = true;
    return ident(name, true);
  };
  for (let i = 0; i < tokens.length; i++) {
    const hit = tableAt(i);
    if (hit) {
      out.push(use(hit.table.name, tokens[hit.end - 1].value!));
      i = hit.end - 1;
      continue;
    }
    const t = tokens[i];
    if (t.kind === "ident" && isDot(tokens[i - 1]) && isName(tokens[i - 2])) {
      const table = aliasTable.get(tokens[i - 2].value!.toLowerCase());
      const col = table?.columns.find((c) => c.sqlName.toLowerCase() === t.value!.toLowerCase());
      out.push(col ? use(col.name, t.value!) : t.text);
      continue;
    }
    if (t.kind === "ident" && !isDot(tokens[i + 1])) {
      const name = columnAnywhere.get(t.value!.toLowerCase());
      out.push(name ? use(name, t.value!) : t.text);
      continue;
    }
    out.push(t.text);
  }
  return { sql: out.join(""), changed: renamed };
}

/** "Invoice · BillingPostalCode": a column node id ("table.sqlName") in the file's names. */
export function columnLabel(book: NameBook, nodeId: string): string {
  const ref = parseColumnKey(nodeId);
  const table = book.tables.find((t) => t.name === ref.table);
  const name = table?.columns.find((c) => c.sqlName === ref.column)?.name ?? ref.column;
  return `${ref.table}.${name}`;
}
