import { words } from "../../text/normalize";

/** What kind of string the question expects; the local reader prefers candidates of that kind. */
export type AnswerType = "number" | "year" | "date" | "person" | "place" | "any";

/** Reads the expected answer type from the question's wh-phrase. */
export function expectedAnswerType(question: string): AnswerType {
  const ws = words(question);
  const text = ` ${ws.join(" ")} `;
  if (/ how (many|much|long|old|tall|far|big) | what (number|percentage|amount) /.test(text)) return "number";
  if (/ (what|which) year | year did | year was /.test(text)) return "year";
  if (/ when | (what|which) (date|month|day|decade|season) | what time /.test(text)) return "date";
  if (/ (who|whom|whose) /.test(text)) return "person";
  if (/ where | (what|which) (city|country|town|state|place|venue|stadium|location|county|province|region) /.test(text))
    return "place";
  return "any";
}

const YEAR = /^(1[5-9]\d\d|20\d\d)$/;
const DATEISH =
  /\b(1[5-9]\d\d|20\d\d)\b|\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/;

/** How well a candidate string fits the expected type, in [0, 1]. */
export function typeFit(candidate: string, type: AnswerType): number {
  const numeric = /^[\d.,\s%$£€-]+$/.test(candidate) && /\d/.test(candidate);
  const capitalized = /^[\p{Lu}\d]/u.test(candidate) && !numeric;
  switch (type) {
    case "number":
      return numeric ? 1 : /\d/.test(candidate) ? 0.5 : 0.1;
    case "year":
      return YEAR.test(candidate.trim()) ? 1 : DATEISH.test(candidate) ? 0.5 : numeric ? 0.3 : 0.1;
    case "date":
      return YEAR.test(candidate.trim()) || DATEISH.test(candidate) ? 1 : numeric ? 0.4 : 0.1;
    case "person":
    case "place":
      return capitalized ? 1 : 0.15;
    default:
      // "What company …", "which team …": a name far more often than a bare number.
      return capitalized ? 1 : numeric ? 0.5 : 0.6;
  }
}

/**
 * Candidate answer spans of a sentence: dates, numbers and runs of capitalised words (joined by
 * "of", "the", "de"…), each as it is written.
 */
export function candidateSpans(sentence: string): string[] {
  const spans = new Set<string>();
  const date = new RegExp(
    String.raw`\b(?:(?:January|February|March|April|May|June|July|August|September|October|November|` +
      String.raw`December)\s+\d{1,2},\s+\d{4}|\d{1,2}\s+(?:January|February|March|April|May|June|July|` +
      String.raw`August|September|October|November|December)\s+\d{4})\b`,
    "g",
  );
  for (const m of sentence.matchAll(date)) spans.add(m[0]);
  for (const m of sentence.matchAll(/\b\d[\d,.]*\b/g)) spans.add(m[0].replace(/[.,]$/, ""));
  const caps = /\b\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:of|the|de|la|von|van|and|du|del)\s+)?\p{Lu}[\p{L}'’.-]*)*/gu;
  for (const m of sentence.matchAll(caps)) spans.add(m[0].replace(/[.,]$/, ""));
  return [...spans].filter((s) => s.length > 0);
}

/**
 * The noun a "which X" / "what X" question asks for ("which studio" → "studio"), or null. It
 * names the column (or the kind of span) the answer is, as opposed to the words that locate it.
 */
export function answerTarget(question: string): string | null {
  const m = /\b(?:which|what|whose)\s+(?:(?:the|of|kind|type|name)\s+)*([a-z]+)/i.exec(question);
  if (!m) return null;
  const w = m[1].toLowerCase();
  return ["is", "was", "are", "were", "did", "does", "do", "has", "had", "can", "will", "year", "date"].includes(w)
    ? null
    : w;
}

/** Whether a candidate of this kind (reader-spans' SpanKind) is the kind of answer the type asks for. */
export function kindFits(type: AnswerType, kind: string): boolean {
  switch (type) {
    case "number":
      return kind === "number" || kind === "ordinal";
    case "year":
      return kind === "year";
    case "date":
      return kind === "date" || kind === "year";
    case "person":
    case "place":
      return kind === "proper";
    default:
      return true;
  }
}
