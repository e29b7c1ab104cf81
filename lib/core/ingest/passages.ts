/**
 * Reading passages (HELIOS §3) from uploaded text: a JSONL file of {title, text, url?, aliases?}
 * objects (other layouts: passage-formats.ts), or one passage per .txt/.md file (title = the first heading, else the
 * file name). Bad
 * input is reported per file and line and the rest is kept.
 */

export type ParsedPassage = { title: string; text: string; url: string | null; aliases: string[]; source: string };
type PassageProblem = { file: string; line?: number; message: string };

/** What adding passages to a dataset reports: counts after relinking, and what could not be read. */
export type AddPassagesResult = {
  added: number;
  total: number;
  links: number;
  linkedPassages: number;
  problems: PassageProblem[];
  notes: string[];
};
export type PassageParse = { passages: ParsedPassage[]; problems: PassageProblem[]; notes: string[] };

/** Longest passage text kept in one piece; longer ones are split into numbered parts. */
export const MAX_PASSAGE_CHARS = 100_000;
const MAX_TITLE_CHARS = 300;
const PASSAGE_EXTENSIONS = [".jsonl", ".json", ".csv", ".txt", ".md", ".markdown"] as const;

/** Whether a file name is a passage file. */
export function isPassageFile(name: string): boolean {
  const lower = name.toLowerCase();
  return PASSAGE_EXTENSIONS.some((e) => lower.endsWith(e));
}

const clean = (s: string) =>
  s
    .replace(/\u0000/g, "")
    .replace(/\r\n?/g, "\n")
    .trim();

/** One JSONL file: every line an object; a line that is not is reported with its number. */
export function parseJsonl(file: string, text: string): PassageParse {
  const out: PassageParse = { passages: [], problems: [], notes: [] };
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    let obj: unknown;
    try {
      obj = JSON.parse(raw);
    } catch {
      return void out.problems.push({ file, line, message: `Line ${line} is not valid JSON; it was skipped.` });
    }
    if (!obj || typeof obj !== "object" || Array.isArray(obj))
      return void out.problems.push({
        file,
        line,
        message: `Line ${line} is not a JSON object like {"title": …, "text": …}; it was skipped.`,
      });
    const o = obj as Record<string, unknown>;
    const title = typeof o.title === "string" ? clean(o.title) : "";
    const body = typeof o.text === "string" ? clean(o.text) : "";
    if (!title)
      return void out.problems.push({
        file,
        line,
        message: `Line ${line} has no title; every passage needs a "title" string. It was skipped.`,
      });
    if (!body)
      return void out.problems.push({
        file,
        line,
        message: `Line ${line} ("${title.slice(0, 60)}") has no text; it was skipped.`,
      });
    const aliases = Array.isArray(o.aliases)
      ? o.aliases.filter((a): a is string => typeof a === "string" && a.trim() !== "").map(clean)
      : [];
    out.passages.push({
      title,
      text: body,
      url: typeof o.url === "string" && o.url.trim() ? o.url.trim() : null,
      aliases,
      source: `${file}:${line}`,
    });
  });
  if (!out.passages.length && !out.problems.length) out.problems.push({ file, message: `${file} is empty.` });
  return out;
}

/** One .txt/.md file as one passage: a leading "# heading" (or "Title\n===") is the title. */
export function parseTextFile(file: string, text: string): PassageParse {
  const body = clean(text);
  if (!body) return { passages: [], problems: [{ file, message: `${file} is empty.` }], notes: [] };
  const lines = body.split("\n");
  let title = file
    .replace(/\.(txt|md|markdown)$/i, "")
    .replace(/[_]+/g, " ")
    .trim();
  let rest = body;
  const heading = /^#{1,6}\s+(.+?)\s*#*$/.exec(lines[0]);
  if (heading) [title, rest] = [heading[1].trim(), lines.slice(1).join("\n").trim()];
  else if (lines.length > 1 && /^(=+|-+)$/.test(lines[1].trim()))
    [title, rest] = [lines[0].trim(), lines.slice(2).join("\n").trim()];
  if (!rest) return { passages: [], problems: [{ file, message: `${file} has a title but no text.` }], notes: [] };
  return { passages: [{ title, text: rest, url: null, aliases: [], source: file }], problems: [], notes: [] };
}

/**
 * Makes a batch storable: titles cut to MAX_TITLE_CHARS, texts over MAX_PASSAGE_CHARS split at
 * paragraph or sentence ends into "Title (part n)", and a title already taken (in `existing` or
 * earlier in the batch) renamed "Title (2)", "Title (3)"… with the original kept as an alias, so
 * nothing is dropped and every title names one passage.
 */
export function normalisePassages(parsed: PassageParse, existing: Iterable<string>): PassageParse {
  const taken = new Set([...existing].map((t) => t.toLowerCase()));
  const out: PassageParse = { passages: [], problems: [...parsed.problems], notes: [...parsed.notes] };
  for (const p of parsed.passages) {
    const title = p.title.length > MAX_TITLE_CHARS ? p.title.slice(0, MAX_TITLE_CHARS).trim() : p.title;
    if (title !== p.title)
      out.notes.push(`The title of ${p.source} was longer than ${MAX_TITLE_CHARS} characters and was shortened.`);
    const parts = splitText(p.text);
    if (parts.length > 1)
      out.notes.push(
        `"${title.slice(0, 60)}" (${p.source}) has ${p.text.length.toLocaleString("en-US")} characters; ` +
          `it was split into ${parts.length} passages of at most ${MAX_PASSAGE_CHARS.toLocaleString("en-US")}.`,
      );
    parts.forEach((text, i) => {
      const base = parts.length > 1 && i > 0 ? `${title} (part ${i + 1})` : title;
      let name = base;
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`;
      if (name !== base)
        out.notes.push(
          `The title "${base.slice(0, 60)}" (${p.source}) was already used; this passage is "${name.slice(0, 70)}".`,
        );
      taken.add(name.toLowerCase());
      out.passages.push({
        ...p,
        title: name,
        text,
        aliases: name !== base ? [...new Set([base, ...p.aliases])] : p.aliases,
      });
    });
  }
  return out;
}

function splitText(text: string): string[] {
  if (text.length <= MAX_PASSAGE_CHARS) return [text];
  const parts: string[] = [];
  let rest = text;
  while (rest.length > MAX_PASSAGE_CHARS) {
    const window = rest.slice(0, MAX_PASSAGE_CHARS);
    const cut = Math.max(window.lastIndexOf("\n\n"), window.lastIndexOf(". ") + 1, window.lastIndexOf(" "));
    const at = cut > MAX_PASSAGE_CHARS / 2 ? cut : MAX_PASSAGE_CHARS;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
