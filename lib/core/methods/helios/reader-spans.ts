import winkNLP, { type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { normalizeText } from "../../text/normalize";
import { contentStems } from "./reader-question";

/** What a candidate string is, as far as its words tell: the reader's answer-type evidence. */
export type SpanKind = "year" | "date" | "number" | "ordinal" | "proper" | "noun" | "adjective" | "text";

/** A candidate answer span inside a sentence, with the words around it (its local context). */
export type Span = {
  text: string;
  kind: SpanKind;
  window: string;
  /** Normalised text, content stems of the span and of its window (question-independent, so cached). */
  norm: string;
  stems: string[];
  windowStems: string[];
};
export type SentenceSpans = { sentence: string; stems: string[]; spans: Span[] };

/** Tokens either side of a span that count as its context. */
const WINDOW = 8;
/** Longest noun phrase or name offered as a candidate, in tokens. */
const MAX_TOKENS = 6;
/** Parsed passages kept in memory (a passage's spans do not depend on the question). */
const CACHE_SIZE = 4000;

let nlp: WinkMethods | null = null;
const cache = new Map<string, SentenceSpans[]>();

const YEAR = /^(1[0-9]\d\d|20\d\d)$/;
const MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
const DATE = new RegExp(
  `\\b(?:${MONTH}\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}\\s+${MONTH}\\s+\\d{4}|${MONTH}\\s+\\d{4})\\b`,
  "g",
);

/** Kind of a string read on its own (cells, and entities wink-nlp typed). */
export function kindOf(text: string, entityType?: string): SpanKind {
  const t = text.trim();
  if (YEAR.test(t)) return "year";
  if (
    entityType === "DATE" ||
    (/\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/.test(t) &&
      /\d/.test(t))
  )
    return "date";
  if (entityType === "ORDINAL" || /^\d+(st|nd|rd|th)$/i.test(t)) return "ordinal";
  if (/^[\d.,\s%$£€+-]+$/.test(t) && /\d/.test(t)) return "number";
  if (entityType && /CARDINAL|MONEY|PERCENT|DURATION|TIME/.test(entityType)) return "number";
  if (/^\p{Lu}/u.test(t)) return "proper";
  return "text";
}

/**
 * Sentences of a passage with their candidate spans: wink-nlp's typed entities (dates, numbers,
 * ordinals), runs of proper nouns (inner "of", "the", "de" allowed), capitalised adjectives
 * ("Swedish") and noun phrases ending in a noun. Cached by text.
 */
export function passageSpans(text: string): SentenceSpans[] {
  const hit = cache.get(text);
  if (hit) return hit;
  nlp ??= winkNLP(model);
  const its = nlp.its;
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const join = (a: number, b: number) =>
    values
      .slice(a, b + 1)
      .map((v, i) => (i ? spaces[a + i] : "") + v)
      .join("");
  const entities = doc.entities().out(its.detail) as unknown as Array<{ value: string; type: string }>;
  const entitySpans = doc.entities().out(its.span) as unknown as Array<[number, number]>;
  const out: SentenceSpans[] = [];
  for (const [s0, s1] of doc.sentences().out(its.span) as unknown as Array<[number, number]>) {
    const spans: Array<{ text: string; kind: SpanKind; window: string }> = [];
    const add = (a: number, b: number, kind: SpanKind) => {
      if (b - a + 1 > MAX_TOKENS && kind !== "date") return;
      spans.push({ text: join(a, b), kind, window: join(Math.max(s0, a - WINDOW), Math.min(s1, b + WINDOW)) });
    };
    entitySpans.forEach(([a, b], i) => {
      if (a >= s0 && b <= s1) add(a, b, kindOf(entities[i].value, entities[i].type));
    });
    // Proper-noun runs, allowing a lower-case connective between two proper nouns.
    for (let i = s0; i <= s1; i++) {
      if (pos[i] !== "PROPN") continue;
      let j = i;
      while (
        j + 1 <= s1 &&
        (pos[j + 1] === "PROPN" ||
          (/^(of|the|de|la|von|van|du|del|and|-)$/.test(values[j + 1]) && pos[j + 2] === "PROPN" && j + 2 <= s1))
      )
        j += pos[j + 1] === "PROPN" ? 1 : 2;
      add(i, j, /\d/.test(join(i, j)) ? kindOf(join(i, j)) : "proper");
      i = j;
    }
    // Noun phrases: adjectives, nouns and numbers ending in a noun ("heavyweight wrestler").
    for (let i = s0; i <= s1; i++) {
      if (!/^(ADJ|NOUN|NUM|PROPN)$/.test(pos[i])) continue;
      let j = i;
      while (j + 1 <= s1 && /^(ADJ|NOUN|NUM|PROPN)$/.test(pos[j + 1])) j += 1;
      let end = j;
      while (end >= i && pos[end] !== "NOUN") end -= 1;
      if (end >= i && !(end === i && pos[i] === "PROPN")) add(i, end, "noun");
      if (pos[i] === "ADJ" && /^\p{Lu}/u.test(values[i])) add(i, i, "adjective");
      i = j;
    }
    // Whole dates inside ranges and durations ("27 March 1899 – 4 December 1978").
    const sentence = join(s0, s1);
    for (const m of sentence.matchAll(DATE)) spans.push({ text: m[0], kind: "date", window: sentence });
    const seen = new Set<string>();
    const unique = spans.filter((s) => {
      const key = `${s.text}|${s.kind}`;
      if (seen.has(key) || !/[\p{L}\d]/u.test(s.text)) return false;
      seen.add(key);
      return true;
    });
    const stemsOf = new Map<string, string[]>();
    const cached = (t: string) => stemsOf.get(t) ?? (stemsOf.set(t, contentStems(t)), stemsOf.get(t)!);
    out.push({
      sentence,
      stems: contentStems(sentence),
      spans: unique.map((x) => ({
        ...x,
        norm: normalizeText(x.text),
        stems: cached(x.text),
        windowStems: cached(x.window),
      })),
    });
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(text, out);
  return out;
}
