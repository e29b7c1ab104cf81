import { stem } from "../vocab";
import { foldCase } from "../../text/normalize";

/** One word of the question with its place in the text. */
export type Token = {
  text: string;
  /** Lowercased, accents folded. */
  lower: string;
  stem: string;
  start: number;
  end: number;
  index: number;
  /** Inside quotes ("Robbin CV", 'Smith'). */
  quoted: boolean;
};

// Words, numbers with separators ("5,000", "3.5", "2014-2015"), and abbreviations like "U.S.".
const WORD = /[\p{L}\p{N}]+(?:[.,'’/:-][\p{L}\p{N}]+)*/gu;
const QUOTES = /"([^"]+)"|“([^”]+)”|‘([^’]+)’|'([^']+)'|«([^»]+)»/g;

/** Character spans of quoted passages; an apostrophe inside a word ("don't") is not a quote. */
export function quotedSpans(text: string): Array<{ start: number; end: number; text: string }> {
  const spans: Array<{ start: number; end: number; text: string }> = [];
  for (const m of text.matchAll(QUOTES)) {
    const inner = m.slice(1).find((g) => g !== undefined) ?? "";
    const start = m.index ?? 0;
    const before = text[start - 1];
    // "students' names … 'x'" — a quote glued to a letter is an apostrophe.
    if (m[0][0] === "'" && before && /[\p{L}\p{N}]/u.test(before)) continue;
    if (inner.trim()) spans.push({ start: start + 1, end: start + m[0].length - 1, text: inner.trim() });
  }
  return spans;
}

/** Splits a question into tokens. Deterministic; cheap even for a 5,000-character question. */
export function tokenize(text: string): Token[] {
  const quotes = quotedSpans(text);
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index ?? 0;
    const raw = m[0].replace(/’/g, "'");
    // Possessives ("student's") count as the bare noun.
    const bare = raw.replace(/'s$/i, "");
    const lower = foldCase(bare);
    tokens.push({
      text: bare,
      lower,
      stem: stem(lower),
      start,
      end: start + bare.length,
      index: tokens.length,
      quoted: quotes.some((q) => start >= q.start && start < q.end),
    });
  }
  return tokens;
}
