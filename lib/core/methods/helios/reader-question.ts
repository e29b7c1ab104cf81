import { normalizeText, words } from "../../text/normalize";
import { stem } from "../../text/stem";
import { answerTarget, expectedAnswerType, type AnswerType } from "./answer-type";
import { isStopword } from "./stopwords";

/** The question as the reader's features see it: its wh-class, target noun and content stems. */
export type QuestionView = {
  /** "how many", "when", "who", "what year", "which", … (the first wh-phrase), or "other". */
  wh: string;
  /** The kind of answer asked for: person, place, date, year, number, or any. */
  type: AnswerType;
  /** The noun a "which X" / "what X" question asks for, stemmed, or null. */
  target: string | null;
  stems: Set<string>;
  /** The question normalised and padded with spaces, for " phrase " lookups. */
  padded: string;
};

const WH: Array<[string, RegExp]> = [
  ["how many", / how many /],
  ["how much", / how much /],
  ["how old", / how old /],
  ["how long", / how long /],
  ["how measure", / how (tall|far|big|large|high|wide|deep|heavy) /],
  ["what year", / (what|which) year /],
  ["what date", / (what|which) (date|day|month|decade|season|century) /],
  ["when", / when /],
  ["where", / where /],
  ["whose", / whose /],
  ["who", / (who|whom) /],
  ["what number", / what (number|percentage|amount|rank|position|place) /],
  ["which", / which /],
  ["what", / what /],
  ["how", / how /],
];

/** Content stems of a text (stopwords dropped). */
export const contentStems = (text: string): string[] =>
  words(text)
    .filter((w) => !isStopword(w))
    .map(stem);

/** Reads a question once for all of its candidates. */
export function viewQuestion(question: string): QuestionView {
  const padded = ` ${normalizeText(question)} `;
  const text = ` ${words(question).join(" ")} `;
  const wh = WH.find(([, re]) => re.test(text))?.[0] ?? "other";
  const t = answerTarget(question);
  return {
    wh,
    type: expectedAnswerType(question),
    target: t ? stem(t) : null,
    stems: new Set(contentStems(question)),
    padded,
  };
}

/** Whether the question contains a string as a run of whole words. */
export function inQuestion(q: QuestionView, s: string): boolean {
  const n = normalizeText(s);
  return n.length > 0 && q.padded.includes(` ${n} `);
}

/** Share of the question's content stems that occur in a text, in [0, 1]. */
export function coverage(q: QuestionView, text: string): number {
  return stemCoverage(q, contentStems(text));
}

/** Share of the question's content stems among some stems, in [0, 1]. */
export function stemCoverage(q: QuestionView, stems: string[]): number {
  if (!q.stems.size) return 0;
  const hit = new Set(stems.filter((w) => q.stems.has(w)));
  return hit.size / q.stems.size;
}

/** Whether the question holds an already-normalised string as a run of whole words. */
export const inQuestionNorm = (q: QuestionView, norm: string) => norm.length > 0 && q.padded.includes(` ${norm} `);
