import { COMPARATIVE_CONCEPTS, SUPERLATIVES } from "../../../reasoner/lang/en/lexicon";
import type { ColumnDoc } from "../../../retrieval/schema-docs";
import type { ParsedQuestion } from "../../../retrieval/types";

// The question's phrases that name columns, as the signals read them: asked attributes, implied
// concepts ("oldest" → age), identifiers written as is, and keyword n-grams.

/** The phrases of the question that ask for an attribute: targets, aggregates, grouping and ordering. */
export function askedPhrases(p: ParsedQuestion): string[] {
  const out = [
    ...p.targets,
    ...p.aggregates.map((a) => a.phrase),
    ...p.groupBy,
    p.orderBy?.phrase ?? "",
    p.superlative?.phrase ?? "",
  ];
  return out.filter((x) => x && !SUPERLATIVES[x]);
}

/** Attribute words implied by superlatives, comparatives and "how old"-style wording. */
export function conceptWords(p: ParsedQuestion, question: string): string[] {
  const out: string[] = [];
  for (const w of [p.superlative?.phrase, p.orderBy?.phrase])
    if (w && SUPERLATIVES[w]) out.push(...SUPERLATIVES[w].concept, ...(SUPERLATIVES[w].inverse ?? []));
  const q = question.toLowerCase();
  for (const [word, concept] of Object.entries(COMPARATIVE_CONCEPTS))
    if (new RegExp(`\\b${word}\\b`).test(q)) out.push(...concept);
  return [...new Set(out)];
}

const COMPARISON_AFTER = /^\s*(?:=|==|!=|<>|<=|>=|<|>|\bin\b|\bbetween\b|\blike\b|\bis\b)/i;

/**
 * Columns the question names by their identifier: an identifier-like name (snake_case,
 * camelCase, digits) written as is, "Table.column", or any name followed by a comparison
 * ("Currency = 'EUR'") — how BIRD's evidence and SQL-minded users refer to columns.
 */
export function identifierMentions(question: string, docs: ColumnDoc[]): number[] {
  const tokens = new Set(
    (question.match(/[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?/g) ?? []).map((t) => t.toLowerCase()),
  );
  const lower = question.toLowerCase();
  return docs.map((d) => {
    const name = d.name.toLowerCase();
    const sql = d.column.toLowerCase();
    if (tokens.has(`${d.table.toLowerCase()}.${name}`) || tokens.has(`${d.table.toLowerCase()}.${sql}`)) return 1;
    const identifierLike = /_|[a-z][A-Z]|\d/.test(d.name) && d.name.length >= 4;
    if (identifierLike && (tokens.has(name) || tokens.has(sql))) return 1;
    for (const n of new Set([name, sql])) {
      if (n.length < 3) continue;
      let at = lower.indexOf(n);
      while (at >= 0) {
        const before = lower[at - 1] ?? " ";
        const after = lower.slice(at + n.length);
        if (!/[a-z0-9_]/.test(before) && !/^[a-z0-9_]/.test(after) && COMPARISON_AFTER.test(after)) return 1;
        at = lower.indexOf(n, at + 1);
      }
    }
    return 0;
  });
}

/** Uni-, bi- and trigrams of the question's keywords, as phrases to match names against. */
export function keywordPhrases(p: ParsedQuestion): string[] {
  const k = p.keywords;
  const out = [...k];
  for (let i = 0; i + 1 < k.length; i++) out.push(`${k[i]} ${k[i + 1]}`);
  for (let i = 0; i + 2 < k.length; i++) out.push(`${k[i]} ${k[i + 1]} ${k[i + 2]}`);
  return out;
}
