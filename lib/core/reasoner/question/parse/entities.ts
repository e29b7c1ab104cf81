import type { Entity } from "../../../retrieval/types";
import { LEAD_WORDS, MONTHS, STOPWORDS } from "../../lang/en/lexicon";
import { quotedSpans, type Token } from "./tokens";
import { LINKERS } from "../../lang/en/phrases";

function isCapitalised(t: Token): boolean {
  return /^\p{Lu}/u.test(t.text);
}

function isAcronym(t: Token): boolean {
  return /^\p{Lu}{2,6}\d*$/u.test(t.text) || (/^\p{Lu}$/u.test(t.text) && t.text !== "A" && t.text !== "I");
}

/**
 * Named things in the question: quoted strings, capitalised spans that do not just open the
 * sentence ("Contra Costa", "Los Angeles County"), and acronyms ("LA", "PPT"). Cell-index value
 * hits are added by the caller as kind "value".
 */
export function parseEntities(question: string, tokens: Token[]): Entity[] {
  const out: Entity[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: Entity["kind"]) => {
    const key = text.toLowerCase();
    if (!text.trim() || seen.has(key)) return;
    seen.add(key);
    out.push({ text, kind });
  };
  for (const q of quotedSpans(question)) add(q.text, "quoted");

  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    const sentenceStart = i === 0 || /[.?!:;]\s*$/.test(question.slice(tokens[i - 1].end, t.start));
    const lead = sentenceStart && (LEAD_WORDS.has(t.lower) || STOPWORDS.has(t.lower));
    if (
      t.quoted ||
      !isCapitalised(t) ||
      lead ||
      (STOPWORDS.has(t.lower) && !isAcronym(t)) ||
      MONTHS[t.lower] !== undefined
    ) {
      i++;
      continue;
    }
    let j = i;
    // Extend over capitalised words, allowing linkers between them ("Bank of America").
    while (j + 1 < tokens.length) {
      const n = tokens[j + 1];
      const gap = question.slice(tokens[j].end, n.start);
      if (/[,;:.?!()"]/.test(gap)) break;
      if (isCapitalised(n) && !n.quoted) j++;
      else if (
        LINKERS.has(n.lower) &&
        tokens[j + 2] &&
        isCapitalised(tokens[j + 2]) &&
        !/[,;:.?!()]/.test(question.slice(n.end, tokens[j + 2].start))
      )
        j += 2;
      else break;
    }
    const text = question.slice(t.start, tokens[j].end);
    add(text, i === j && isAcronym(t) ? "acronym" : "capitalized");
    i = j + 1;
  }
  return out;
}
