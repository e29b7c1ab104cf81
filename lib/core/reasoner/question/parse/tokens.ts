import { stem } from "../../../retrieval/vocab";
import { foldCase } from "../../../text/normalize";

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

const OPENERS: Record<string, string> = { '"': '"', "“": "”", "‘": "’", "'": "'", "«": "»" };

/**
 * Character spans of quoted passages. An apostrophe glued to a letter before it ("don't",
 * "countries' names") is not an opening quote, so the scan moves on and still finds "'New'" after it.
 */
export function quotedSpans(text: string): Array<{ start: number; end: number; text: string }> {
  const spans: Array<{ start: number; end: number; text: string }> = [];
  let i = 0;
  while (i < text.length) {
    const open = text[i];
    const close = OPENERS[open];
    const before = text[i - 1];
    if (!close || ((open === "'" || open === "’") && before && /[\p{L}\p{N}]/u.test(before))) {
      i++;
      continue;
    }
    // The closing quote: the next one not glued to a letter after it (so "'Ford's'" closes at the end).
    let j = i + 1;
    for (; j < text.length; j++) {
      if (text[j] !== close) continue;
      const after = text[j + 1];
      if ((close === "'" || close === "’") && after && /[\p{L}\p{N}]/u.test(after)) continue;
      break;
    }
    if (j >= text.length) {
      i++;
      continue;
    }
    const inner = text.slice(i + 1, j);
    if (inner.trim()) spans.push({ start: i + 1, end: j, text: inner.trim() });
    i = j + 1;
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
