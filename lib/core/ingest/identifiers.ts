import { MAX_NAME_CHARS } from "../model/limits";

/** SQLite keywords that must not be used bare as identifiers (subset that matters for generated names). */
const RESERVED = new Set(
  (
    "abort action add after all alter analyze and as asc attach autoincrement before begin between by cascade case " +
    "cast check collate column commit conflict constraint create cross current current_date current_time " +
    "current_timestamp database default deferrable deferred delete desc detach distinct do drop each else end " +
    "escape except exclusive exists explain fail filter for foreign from full glob group having if ignore " +
    "immediate in index indexed initially inner insert instead intersect into is isnull join key left like " +
    "limit match natural no not nothing notnull null of offset on or order outer over partition plan " +
    "pragma primary query raise range recursive references regexp reindex release rename replace " +
    "restrict right rollback row rows savepoint select set table temp temporary then to transaction " +
    "trigger unbounded union unique update using vacuum values view virtual when where window with " +
    "without rowid oid _rowid_"
  ).split(" "),
);

/** Turns any header into a lowercase snake_case SQL identifier that is never a keyword. */
export function toSqlIdentifier(raw: string, fallback = "col"): string {
  const ascii = raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
  let id = ascii || fallback;
  if (/^[0-9]/.test(id)) id = `${fallback}_${id}`;
  if (RESERVED.has(id)) id = `${id}_`;
  return id;
}

/** Makes names unique by suffixing _2, _3… (case-insensitively, as SQLite compares identifiers). */
export function uniqueNames(names: string[], taken: Iterable<string> = []): string[] {
  const used = new Set([...taken].map((n) => n.toLowerCase()));
  return names.map((name) => {
    let candidate = name;
    for (let i = 2; used.has(candidate.toLowerCase()); i++) candidate = `${name}_${i}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

// C0 and C1 control characters, DEL, and the BOM / zero-width no-break space.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\ufeff]/g;

/** A name as people can read it: control characters (NUL, escapes, BOMs) become spaces, runs of space one. */
export function printableName(raw: string): string {
  return raw.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
}

/**
 * A table or column name cut to MAX_NAME_CHARS (never inside a surrogate pair), and the note that
 * says so; `what` names it for the note ("Header 3", 'Sheet "Data"').
 */
export function capName(name: string, what: string): { name: string; note: string | null } {
  if (name.length <= MAX_NAME_CHARS) return { name, note: null };
  let end = MAX_NAME_CHARS;
  const last = name.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return {
    name: name.slice(0, end).trimEnd(),
    note:
      `${what} is ${name.length.toLocaleString("en-US")} characters long; its name keeps the first ` +
      `${MAX_NAME_CHARS} (MAX_NAME_CHARS).`,
  };
}

export type HeaderFix = { names: string[]; notes: string[] };

/** Cleans a header row: empty names become "column N", duplicates get a suffix; each change is noted. */
export function cleanHeader(raw: Array<string | null | undefined>): HeaderFix {
  const notes: string[] = [];
  const trimmed = raw.map((h, i) => {
    const name = printableName(h ?? "");
    if (name !== (h ?? "").replace(/\s+/g, " ").trim())
      notes.push(`Header ${i + 1} held control characters; they were removed from its name.`);
    if (!name) notes.push(`Column ${i + 1} had no header; named it "column ${i + 1}".`);
    const capped = capName(name, `Header ${i + 1}`);
    if (capped.note) notes.push(capped.note);
    return capped.name || `column ${i + 1}`;
  });
  const names = uniqueNames(trimmed).map((n, i) => {
    if (n !== trimmed[i]) notes.push(`Header "${trimmed[i]}" appeared more than once; column ${i + 1} is now "${n}".`);
    return n;
  });
  return { names, notes };
}

/** A name as a statement writes it: bare when it is a plain identifier and no keyword, else quoted. */
export function sqlNameInStatement(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name.toLowerCase()) ? name : quoteIdent(name);
}

/** Quotes an identifier for SQLite. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
