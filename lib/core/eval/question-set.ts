// Reads a question set: JSON Lines or CSV with `question`, `answer` (a value or a list; an empty
// list `[]` means the right result has no rows) and optionally `id`, `gold_sql`, `tags`. A bad
// line is reported by its line number with what is wrong, and the good ones are kept.
import Papa from "papaparse";
import { MAX_QUESTION_CHARS } from "@/lib/core/model/limits";

/** One question with its gold answer values (none: the right result has no rows). */
export type QuestionItem = { id: string; question: string; answer: unknown[]; goldSql: string | null; tags: string[] };
type QuestionSetProblem = { line: number; message: string };
export type ParsedQuestionSet = { items: QuestionItem[]; errors: QuestionSetProblem[] };

/** At most this many questions in one set (a batch runs each of them once per method). */
const MAX_QUESTIONS_PER_SET = 10_000;

type Raw = Record<string, unknown>;

/**
 * A CSV cell holding a JSON list (`["a","b"]`, or `[]` for "no rows") is that list; any other cell
 * is one value.
 */
function answerList(raw: unknown, fromCsv: boolean): unknown[] | string {
  if (raw === undefined || raw === null || raw === "") return "has no answer";
  if (Array.isArray(raw)) return raw;
  if (typeof raw === "object") return "has an answer that is an object; give a value or a list of values";
  if (fromCsv && typeof raw === "string" && /^\s*\[/.test(raw)) {
    try {
      const list = JSON.parse(raw) as unknown;
      if (Array.isArray(list)) return list;
    } catch {
      return "has an answer that starts with [ but is not a JSON list";
    }
  }
  return [raw];
}

function tagList(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map((t) => String(t).trim()).filter(Boolean);
  if (typeof raw === "string")
    return raw
      .split(/[;,|]/)
      .map((t) => t.trim())
      .filter(Boolean);
  return [];
}

function readItem(raw: Raw, line: number, fromCsv: boolean): QuestionItem | string {
  const question = typeof raw.question === "string" ? raw.question.trim() : "";
  if (!question) return "has no question";
  if (question.length > MAX_QUESTION_CHARS)
    return `has a question of ${question.length} characters; the limit is ${MAX_QUESTION_CHARS}`;
  const answer = answerList(raw.answer, fromCsv);
  if (typeof answer === "string") return answer;
  const id = raw.id === undefined || raw.id === null || raw.id === "" ? `line-${line}` : String(raw.id).trim();
  const goldSql = typeof raw.gold_sql === "string" && raw.gold_sql.trim() ? raw.gold_sql.trim() : null;
  return { id, question, answer, goldSql, tags: tagList(raw.tags) };
}

function parseJsonl(text: string): Array<{ line: number; raw: Raw | string }> {
  const out: Array<{ line: number; raw: Raw | string }> = [];
  text.split(/\r?\n/).forEach((content, i) => {
    if (!content.trim()) return;
    try {
      const value = JSON.parse(content) as unknown;
      out.push({
        line: i + 1,
        raw: value && typeof value === "object" && !Array.isArray(value) ? (value as Raw) : "is not a JSON object",
      });
    } catch {
      out.push({ line: i + 1, raw: "is not valid JSON" });
    }
  });
  return out;
}

function parseCsv(text: string): Array<{ line: number; raw: Raw | string }> | string {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const [header, ...rows] = parsed.data;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  if (!names.includes("question")) return "The CSV has no `question` column in its first row.";
  if (!names.includes("answer")) return "The CSV has no `answer` column in its first row.";
  // Line numbers follow the file's lines: a quoted field may span several of them.
  const out: Array<{ line: number; raw: Raw | string }> = [];
  const lines = (fields: string[]) => 1 + fields.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0);
  let line = 1 + lines(header ?? []);
  for (const row of rows) {
    const span = lines(row);
    if (row.length === 1 && row[0].trim() === "") {
      line += 1;
      continue;
    }
    if (row.length !== names.length)
      out.push({ line, raw: `has ${row.length} fields; the header has ${names.length}` });
    else out.push({ line, raw: Object.fromEntries(names.map((n, i) => [n, row[i]])) });
    line += span;
  }
  return out;
}

/**
 * Parses a question set file. `format` comes from the file name (.csv) or is guessed: a first
 * non-blank character `{` means JSON Lines. A file-level problem (no question column) is one
 * error on line 1 and no items.
 */
export function parseQuestionSet(text: string, format?: "jsonl" | "csv"): ParsedQuestionSet {
  const body = text.replace(/^\uFEFF/, "");
  const kind = format ?? (body.trimStart().startsWith("{") ? "jsonl" : "csv");
  const rows = kind === "jsonl" ? parseJsonl(body) : parseCsv(body);
  if (typeof rows === "string") return { items: [], errors: [{ line: 1, message: rows }] };
  const items: QuestionItem[] = [];
  const errors: QuestionSetProblem[] = [];
  const seen = new Map<string, number>();
  for (const { line, raw } of rows) {
    const item = typeof raw === "string" ? raw : readItem(raw, line, kind === "csv");
    if (typeof item === "string") {
      errors.push({ line, message: `Line ${line} ${item}.` });
      continue;
    }
    const first = seen.get(item.id);
    if (first !== undefined) {
      errors.push({ line, message: `Line ${line} repeats the id "${item.id}" of line ${first}.` });
      continue;
    }
    if (items.length >= MAX_QUESTIONS_PER_SET) {
      errors.push({ line, message: `Line ${line} is past the limit of ${MAX_QUESTIONS_PER_SET} questions.` });
      continue;
    }
    seen.set(item.id, line);
    items.push(item);
  }
  return { items, errors };
}
