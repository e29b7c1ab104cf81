import { splitIdentifier } from "../../text/tokenize";
import { stem } from "../../text/stem";
import { synonymKey } from "../../text/synonyms";
import { relatedness } from "../../text/relations";
import { words } from "../../text/normalize";
import type { AssessInput, ProfiledSchema } from "./types";
import { FUNCTION_WORDS } from "../lang/en/verdict";

/** Content words of a text (lowercase, function words and numbers removed). */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => w.length > 1 && !FUNCTION_WORDS.has(w) && !/^\d/.test(w));
}

/** A matcher for words of the schema: table and column names, read as words, stemmed, with synonyms. */
export function schemaWordMatcher(schema: ProfiledSchema): (word: string) => boolean {
  const stems = new Set<string>();
  const keys = new Set<string>();
  const words_ = new Set<string>();
  const add = (text: string | undefined) => {
    if (!text) return;
    for (const part of text.split(/\s+/)) {
      for (const w of [...splitIdentifier(part), ...words(part)]) {
        const lw = w.toLowerCase();
        if (lw.length < 2) continue;
        words_.add(lw);
        stems.add(stem(lw));
        const k = synonymKey(lw);
        if (k) keys.add(k);
      }
    }
  };
  for (const t of schema.tables) {
    add(t.name);
    add(t.expandedName);
    for (const c of t.columns) {
      add(c.name);
      add(c.column);
      add(c.expandedName);
    }
  }
  const stemList = [...stems];
  const wordList = [...words_];
  const glued = new Set<string>();
  for (const t of schema.tables)
    for (const n of [t.name, ...t.columns.map((c) => c.name)]) glued.add(words(n).join(""));
  return (word: string) => {
    const w = word.toLowerCase();
    const s = stem(w);
    const singular = w.replace(/(?:es|s)$/, "");
    if (stems.has(s) || stems.has(singular) || stems.has(w)) return true;
    // "high schoolers" ~ "Highschooler", "towns" ~ "Hometown": a word inside a glued name.
    if (singular.length >= 4 && [...glued].some((g) => g.includes(singular))) return true;
    const k = synonymKey(w);
    if (k && keys.has(k)) return true;
    // WordNet: the same thing in another form, or a broader name the schema uses ("rain" → precipitation).
    if (wordList.some((x) => relatedness(w, x) > 0)) return true;
    // "horsepower" ~ "horse power", "maker" ~ "makers": a shared prefix of 4+ letters over most of the word.
    return (
      s.length >= 4 &&
      stemList.some(
        (x) =>
          x.length >= 4 &&
          (x.startsWith(s) || s.startsWith(x)) &&
          Math.min(x.length, s.length) / Math.max(x.length, s.length) >= 0.6,
      )
    );
  };
}

/** The schema's columns ranked by how many of the question's content words they share (no-answer hints). */
export function closestColumns(
  schema: ProfiledSchema,
  question: string,
  limit = 3,
): Array<{ table: string; column: string; name: string }> {
  const qs = new Set(contentWords(question).map(stem));
  const scored = schema.tables.flatMap((t) =>
    t.columns.map((c) => {
      const own = new Set(
        [...splitIdentifier(c.name), ...words(c.expandedName ?? "")].map((w) => stem(w.toLowerCase())),
      );
      const tableWords = new Set(words(t.name).map(stem));
      let score = 0;
      for (const w of qs) score += own.has(w) ? 1 : tableWords.has(w) ? 0.3 : 0;
      return { table: t.name, column: c.column, name: c.name, score };
    }),
  );
  const hits = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score);
  // Nothing shares a word with the question: name what the dataset does hold, a column per table.
  const shown = hits.length
    ? hits
    : schema.tables.flatMap((t) =>
        (t.columns[1] ?? t.columns[0]) ? [{ table: t.name, ...(t.columns[1] ?? t.columns[0]), score: 0 }] : [],
      );
  return shown.slice(0, limit).map(({ table, column, name }) => ({ table, column, name }));
}

/**
 * Words the dataset holds for this answer: its schema's names, and the text of the method's own
 * evidence — a HELIOS passage sentence ("superintendent"), a GraphOTTER header cell — which are
 * part of the data too.
 */
export function evidenceWordMatcher(input: AssessInput): (word: string) => boolean {
  const schema = input.schema ? schemaWordMatcher(input.schema) : () => false;
  const evidence = new Set(
    contentWords(
      [...(input.answer.sentences ?? []).map((s) => s.text), ...(input.answer.cells ?? []).map((c) => c.value)].join(
        " ",
      ),
    ),
  );
  return (w) => schema(w) || evidence.has(w.toLowerCase());
}
