import Papa from "papaparse";
import { parseJsonl, type ParsedPassage, type PassageParse } from "./passages";

/** The passage file layouts read on upload, detected from the content (not the extension). */
export type PassageFormat = "jsonl" | "json-object" | "json-array" | "csv";

const clean = (s: string) =>
  s
    .replace(/\u0000/g, "")
    .replace(/\r\n?/g, "\n")
    .trim();

/** A wiki-style path key ("/wiki/Ada_Lovelace") read as its title ("Ada Lovelace"); other keys as written. */
function titleFromKey(key: string): { title: string; alias: string | null } {
  const m = /^\/?wiki\/(.+)$/.exec(key.trim());
  if (!m) return { title: clean(key), alias: null };
  let name = m[1];
  try {
    name = decodeURIComponent(name);
  } catch {
    // a stray "%" is part of the title
  }
  return { title: clean(name.replace(/_/g, " ")), alias: key.trim() };
}

/**
 * Decides the layout: a JSON array, a JSON object of title → text, CSV with title and text columns, else JSON Lines.
 */
export function detectPassageFormat(text: string): { format: PassageFormat; json?: unknown } {
  const start = text.trimStart();
  if (start.startsWith("[") || start.startsWith("{")) {
    try {
      const json: unknown = JSON.parse(start);
      if (Array.isArray(json)) return { format: "json-array", json };
      const o = json as Record<string, unknown>;
      // One object holding "title" and "text" strings is a one-line JSON Lines file.
      if (!(typeof o.title === "string" && typeof o.text === "string")) return { format: "json-object", json };
    } catch {
      // not one JSON value: JSON Lines
    }
    return { format: "jsonl" };
  }
  const firstLine = start.slice(0, start.indexOf("\n") === -1 ? undefined : start.indexOf("\n"));
  const header = Papa.parse<string[]>(firstLine, { header: false }).data[0] ?? [];
  const names = header.map((h) => h.trim().toLowerCase());
  if (names.includes("title") && names.includes("text")) return { format: "csv" };
  return { format: "jsonl" };
}

function push(
  out: PassageParse,
  file: string,
  where: string,
  title: string,
  body: string,
  alias: string | null,
  url: string | null,
): void {
  if (!title) return void out.problems.push({ file, message: `${where} has no title; it was skipped.` });
  if (!body)
    return void out.problems.push({ file, message: `${where} ("${title.slice(0, 60)}") has no text; it was skipped.` });
  const p: ParsedPassage = { title, text: body, url, aliases: alias ? [alias] : [], source: `${file}:${where}` };
  out.passages.push(p);
}

/**
 * Reads a passage file in any supported layout: JSON Lines of {title, text}, a JSON object of
 * title → text (OTT-QA's own layout, `{"/wiki/Title": "text"}`), a JSON array of {title, text},
 * or CSV with `title` and `text` columns. Bad entries are reported and the rest is kept.
 */
export function parsePassageText(file: string, text: string): PassageParse {
  const { format, json } = detectPassageFormat(text);
  if (format === "jsonl") return parseJsonl(file, text);
  const out: PassageParse = { passages: [], problems: [], notes: [] };
  if (format === "json-object") {
    for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
      const { title, alias } = titleFromKey(key);
      if (typeof value !== "string")
        out.problems.push({ file, message: `Entry "${key.slice(0, 60)}" is not a text string; it was skipped.` });
      else push(out, file, `entry "${key.slice(0, 60)}"`, title, clean(value), alias, null);
    }
    out.notes.push(`${file} is a JSON object of title → text; read ${out.passages.length} passages.`);
  } else if (format === "json-array") {
    (json as unknown[]).forEach((item, i) => {
      const o = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
      const title = typeof o.title === "string" ? titleFromKey(o.title) : { title: "", alias: null };
      const url = typeof o.url === "string" && o.url.trim() ? o.url.trim() : null;
      push(out, file, `item ${i + 1}`, title.title, typeof o.text === "string" ? clean(o.text) : "", title.alias, url);
    });
    out.notes.push(`${file} is a JSON array of {title, text}; read ${out.passages.length} passages.`);
  } else {
    const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
      transformHeader: (h) => h.trim().toLowerCase(),
    });
    for (const e of parsed.errors)
      out.problems.push({ file, line: (e.row ?? 0) + 2, message: `Row ${(e.row ?? 0) + 2}: ${e.message}.` });
    parsed.data.forEach((row, i) =>
      push(out, file, `line ${i + 2}`, clean(row.title ?? ""), clean(row.text ?? ""), null, row.url?.trim() || null),
    );
    out.notes.push(`${file} is CSV with title and text columns; read ${out.passages.length} passages.`);
  }
  if (!out.passages.length && !out.problems.length) out.problems.push({ file, message: `${file} holds no passages.` });
  return out;
}
