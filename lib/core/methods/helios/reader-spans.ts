import winkNLP, { type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { normalizeText } from "../../text/normalize";
import { contentStems } from "./reader-question";

/** What a candidate string is, as far as its words tell: the reader's answer-type evidence. */
export type SpanKind = "year" | "date" | "number" | "ordinal" | "proper" | "noun" | "adjective" | "text";
/**
 * How a span was cut from its sentence: a whole entity or phrase, a piece of one (a prefix or
 * suffix of a name, one conjunct of "A and B", the year of a date), or two names joined by a comma
 * ("Hickory, North Carolina").
 */
type SpanPart = "whole" | "piece" | "joined";

/** A candidate answer span inside a sentence, with the words around it (its local context). */
type Span = {
  text: string;
  kind: SpanKind;
  part: SpanPart;
  window: string;
  /** Lowercased words just before and just after the span in its sentence ("" at an edge). */
  left: string;
  right: string;
  /** Where the span starts, as a share of its sentence's tokens, in [0, 1). */
  at: number;
  /** Tokens of the span. */
  tokens: number;
  /** Normalised text, content stems of the span and of its window (question-independent, so cached). */
  norm: string;
  stems: string[];
  windowStems: string[];
  /** Content stems of the tokens left and right of the span within the window. */
  leftStems: string[];
  rightStems: string[];
};
export type SentenceSpans = { sentence: string; stems: string[]; spans: Span[] };

/** Tokens either side of a span that count as its context. */
const WINDOW = 8;
/** Longest noun phrase or name offered as a candidate, in tokens. */
const MAX_TOKENS = 6;
/** Parsed passages kept in memory (a passage's spans do not depend on the question). */
const CACHE_SIZE = 4000;
const CONNECTIVE = /^(of|the|de|la|von|van|du|del|and|-)$/;

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

type Raw = { a: number; b: number; kind: SpanKind; part: SpanPart };

/** Token spans of one sentence [s0, s1]: entities, names and their pieces, noun phrases, numbers with their noun. */
function sentenceSpans(
  s0: number,
  s1: number,
  values: string[],
  pos: string[],
  entities: Array<{ span: [number, number]; kind: SpanKind }>,
): Raw[] {
  const out: Raw[] = [];
  const add = (a: number, b: number, kind: SpanKind, part: SpanPart = "whole") => {
    if (a < s0 || b > s1 || a > b) return;
    if (b - a + 1 > MAX_TOKENS && kind !== "date") return;
    out.push({ a, b, kind, part });
  };
  for (const e of entities) {
    if (e.span[0] < s0 || e.span[1] > s1) continue;
    add(e.span[0], e.span[1], e.kind);
    // The year of a full date ("born October 22, 1955" answers "what year").
    if (e.kind === "date")
      for (let i = e.span[0]; i <= e.span[1]; i++) if (YEAR.test(values[i])) add(i, i, "year", "piece");
  }
  const proper = (i: number) => pos[i] === "PROPN" || (/^\p{Lu}/u.test(values[i]) && pos[i] !== "PUNCT" && i > s0);
  let previous: [number, number] | null = null;
  for (let i = s0; i <= s1; i++) {
    if (!proper(i)) continue;
    let j = i;
    while (j + 1 <= s1 && (proper(j + 1) || (CONNECTIVE.test(values[j + 1]) && j + 2 <= s1 && proper(j + 2))))
      j += proper(j + 1) ? 1 : 2;
    const kind = (a: number, b: number): SpanKind =>
      /\d/.test(values.slice(a, b + 1).join(" ")) ? kindOf(values.slice(a, b + 1).join(" ")) : "proper";
    add(i, j, kind(i, j));
    // Pieces of a longer name: each conjunct of "A and B", and its prefixes and suffixes.
    const cuts = [i - 1];
    for (let k = i; k <= j; k++) if (values[k] === "and") cuts.push(k);
    cuts.push(j + 1);
    for (let c = 0; c + 1 < cuts.length; c++) {
      const a = cuts[c] + 1;
      const b = cuts[c + 1] - 1;
      if (a > i || b < j) add(a, b, kind(a, b), "piece");
      for (let k = a; k < b; k++) {
        if (!CONNECTIVE.test(values[k])) add(a, k, kind(a, k), "piece");
        if (!CONNECTIVE.test(values[k + 1])) add(k + 1, b, kind(k + 1, b), "piece");
      }
    }
    // "Hickory , North Carolina": two names with only a comma between.
    if (previous && previous[1] + 2 === i && values[i - 1] === ",") add(previous[0], j, "proper", "joined");
    previous = [i, j];
    i = j;
  }
  for (let i = s0; i <= s1; i++) {
    if (!/^(ADJ|NOUN|NUM|PROPN)$/.test(pos[i])) continue;
    let j = i;
    while (j + 1 <= s1 && /^(ADJ|NOUN|NUM|PROPN)$/.test(pos[j + 1])) j += 1;
    let end = j;
    while (end >= i && pos[end] !== "NOUN") end -= 1;
    if (end >= i && !(end === i && pos[i] === "PROPN")) {
      add(i, end, "noun");
      // A compound's first noun ("hardware merchant" → "hardware") and a number with its noun ("7 times").
      if (end > i && pos[i] === "NOUN") add(i, i, "noun", "piece");
    }
    if (pos[i] === "ADJ" && /^\p{Lu}/u.test(values[i])) add(i, i, "adjective");
    i = j;
  }
  for (let i = s0; i < s1; i++) if (pos[i] === "NUM" && pos[i + 1] === "NOUN") add(i, i + 1, "number", "piece");
  return out;
}

/**
 * Content stems of the question's main verbs (SQuAD's "root match": the sentence that answers
 * "who designed…" usually holds "designed"), by wink-nlp's part-of-speech tags.
 */
export function questionVerbStems(question: string): string[] {
  nlp ??= winkNLP(model);
  const doc = nlp.readDoc(question);
  const values = doc.tokens().out(nlp.its.value) as string[];
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  return contentStems(values.filter((_, i) => pos[i] === "VERB").join(" "));
}

/**
 * Sentences of a passage with their candidate spans: wink-nlp's typed entities (dates, numbers,
 * ordinals) and the years of dates, runs of proper nouns (inner "of", "the", "de" allowed) with
 * their pieces and comma-joined pairs, capitalised adjectives ("Swedish"), noun phrases ending in
 * a noun, and each span's context words. Cached by text.
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
  const details = doc.entities().out(its.detail) as unknown as Array<{ value: string; type: string }>;
  const entities = (doc.entities().out(its.span) as unknown as Array<[number, number]>).map((span, i) => ({
    span,
    kind: kindOf(details[i].value, details[i].type),
  }));
  const out: SentenceSpans[] = [];
  const stemsOf = new Map<string, string[]>();
  const cached = (t: string) => stemsOf.get(t) ?? (stemsOf.set(t, contentStems(t)), stemsOf.get(t)!);
  for (const [s0, s1] of doc.sentences().out(its.span) as unknown as Array<[number, number]>) {
    const seen = new Set<string>();
    const spans: Span[] = [];
    const length = s1 - s0 + 1;
    for (const r of sentenceSpans(s0, s1, values, pos, entities)) {
      const t = join(r.a, r.b);
      const key = `${t}|${r.kind}`;
      if (seen.has(key) || !/[\p{L}\d]/u.test(t)) continue;
      seen.add(key);
      const l0 = Math.max(s0, r.a - WINDOW);
      const r1 = Math.min(s1, r.b + WINDOW);
      const leftText = r.a > l0 ? join(l0, r.a - 1) : "";
      const rightText = r.b < r1 ? join(r.b + 1, r1) : "";
      spans.push({
        text: t,
        kind: r.kind,
        part: r.part,
        window: join(l0, r1),
        left: r.a > s0 ? values[r.a - 1].toLowerCase() : "",
        right: r.b < s1 ? values[r.b + 1].toLowerCase() : "",
        at: (r.a - s0) / length,
        tokens: r.b - r.a + 1,
        norm: normalizeText(t),
        stems: cached(t),
        windowStems: cached(join(l0, r1)),
        leftStems: cached(leftText),
        rightStems: cached(rightText),
      });
    }
    const sentence = join(s0, s1);
    // Whole dates inside ranges and durations ("27 March 1899 – 4 December 1978").
    for (const m of sentence.matchAll(DATE)) {
      if (seen.has(`${m[0]}|date`)) continue;
      seen.add(`${m[0]}|date`);
      const before = sentence.slice(0, m.index).trim().split(/\s+/);
      spans.push({
        text: m[0],
        kind: "date",
        part: "whole",
        window: sentence,
        left: (before[before.length - 1] ?? "").toLowerCase(),
        right: (
          sentence
            .slice((m.index ?? 0) + m[0].length)
            .trim()
            .split(/\s+/)[0] ?? ""
        ).toLowerCase(),
        at: (m.index ?? 0) / Math.max(1, sentence.length),
        tokens: m[0].split(/\s+/).length,
        norm: normalizeText(m[0]),
        stems: cached(m[0]),
        windowStems: cached(sentence),
        leftStems: cached(sentence.slice(0, m.index)),
        rightStems: cached(sentence.slice((m.index ?? 0) + m[0].length)),
      });
    }
    out.push({ sentence, stems: cached(sentence), spans });
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(text, out);
  return out;
}
