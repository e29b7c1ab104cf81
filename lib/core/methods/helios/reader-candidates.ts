import { normalizeText, words } from "../../text/normalize";
import type { ReaderInput } from "./reader";
import { contentStems, coverage, inQuestion, inQuestionNorm, stemCoverage, type QuestionView } from "./reader-question";
import { kindOf, passageSpans, questionVerbStems, type SpanKind } from "./reader-spans";

/** One string the reader could answer with, where it was found, and its features. */
export type ReaderCandidate = {
  text: string;
  kind: SpanKind;
  source: "cell" | "passage";
  segment: string;
  column: string | null;
  passage: string | null;
  sentence: string | null;
  /** Rank of its star, and the share of the question its sentence (a cell: its header and row) holds. */
  star: number;
  cover: number;
  features: Record<string, number>;
};

/** Passage sentences read per passage (the answer of a linked page is almost always early). */
const MAX_SENTENCES = 12;
/** Sentences of a passage read whatever they share with the question (a page's opening defines it). */
const OPENING_SENTENCES = 2;

const bare = (title: string) => normalizeText(title.replace(/\s*\([^)]*\)\s*$/, ""));
const lengthBin = (text: string) => Math.min(4, words(text).length);
/** Share of the question's verbs among some stems (0 when it has none). */
const verbShare = (verbs: string[], stems: string[]) =>
  verbs.length ? verbs.filter((v) => stems.includes(v)).length / verbs.length : 0;

/** Features every candidate of a star shares: its rank and score, and how its row meets the question. */
function starFeatures(q: QuestionView, star: ReaderInput["stars"][number], rank: number, top: number) {
  const values = star.cells.map((c) => String(c.value ?? "").trim()).filter((v) => v.length > 1);
  const named = values.filter((v) => inQuestion(q, v));
  // Question words neither the row's values nor its headers supply: a bridge to a passage asks them.
  const rowStems = new Set(contentStems(star.cells.map((c) => `${c.header} ${c.value ?? ""}`).join(" ")));
  const uncovered = [...q.stems].filter((w) => !rowStems.has(w));
  return {
    uncovered,
    rank: Math.min(rank, 4),
    f: {
      starScore: star.score,
      starGap: top - star.score,
      rowCover: coverage(q, values.join(" ")),
      rowNamed: named.length ? 1 : 0,
      rowNamedLong: named.some((v) => words(v).length >= 2) ? 1 : 0,
    },
  };
}

/** Features of the string itself against the question: its kind, length and whether the question holds it. */
function stringFeatures(
  q: QuestionView,
  text: string,
  kind: SpanKind,
  source: string,
  ws: string[],
  norm: string,
): Record<string, number> {
  const inQ = ws.filter((w) => q.stems.has(w)).length;
  return {
    [`wh=${q.wh}|kind=${kind}`]: 1,
    [`type=${q.type}|kind=${kind}`]: 1,
    [`wh=${q.wh}|src=${source}`]: 1,
    [`kind=${kind}|src=${source}`]: 1,
    [`len=${lengthBin(text)}|src=${source}`]: 1,
    ...(q.target ? { [`target=${q.target}|kind=${kind}`]: 1 } : {}),
    inQuestion: inQuestionNorm(q, norm) ? 1 : 0,
    questionWordShare: ws.length ? inQ / ws.length : 0,
  };
}

/**
 * Candidates of the reader (HELIOS §4.4): every non-empty cell of the top stars' rows and every
 * span (entity, number, date, name, noun phrase) of their passages' sentences, each with the
 * features the learned reader scores: what it is against what the question asks, how much of
 * the question its header, sentence and neighbourhood cover, and where its star ranked.
 */
export function readerCandidates(q: QuestionView, input: ReaderInput): ReaderCandidate[] {
  const out: ReaderCandidate[] = [];
  const top = input.stars[0]?.score ?? 0;
  const verbs = questionVerbStems(input.question);
  input.stars.forEach((star, rank) => {
    const s = starFeatures(q, star, rank, top);
    const rowValues = new Set(star.cells.map((c) => normalizeText(String(c.value ?? ""))).filter(Boolean));
    const rowText = star.cells.map((c) => String(c.value ?? "")).join(" ");
    for (const cell of star.cells) {
      const value = cell.value === null ? "" : String(cell.value).trim();
      if (!value) continue;
      const kind = kindOf(value);
      const header = contentStems(cell.header);
      out.push({
        text: value,
        kind,
        source: "cell",
        segment: star.segment,
        column: cell.column,
        passage: null,
        sentence: null,
        star: rank,
        cover: coverage(q, `${cell.header} ${rowText}`),
        features: {
          ...s.f,
          ...stringFeatures(q, value, kind, "cell", contentStems(value), normalizeText(value)),
          [`rank=${s.rank}|src=cell`]: 1,
          headerCover: coverage(q, cell.header),
          headerIsTarget: q.target && header.includes(q.target) ? 1 : 0,
          ...Object.fromEntries(header.slice(0, 3).map((h) => [`wh=${q.wh}|header=${h}`, 1])),
          ...Object.fromEntries(header.slice(0, 3).map((h) => [`type=${q.type}|header=${h}`, 1])),
          ...(q.target ? Object.fromEntries(header.slice(0, 3).map((h) => [`target=${q.target}|header=${h}`, 1])) : {}),
          headerCoverNamedRow: coverage(q, cell.header) * s.f.rowNamed,
          hasPassage: star.passages.some((p) => bare(p.title) === normalizeText(value)) ? 1 : 0,
          rowLeavesQuestion: q.stems.size ? s.uncovered.length / q.stems.size : 0,
        },
      });
    }
    for (const p of star.passages) {
      const title = bare(p.title);
      // The cell that links to this passage: its header says what the passage is about.
      const link = star.cells.find((c) => c.value !== null && normalizeText(String(c.value)) === title);
      const linkHeader = link ? contentStems(link.header).slice(0, 2) : [];
      const link0 = {
        linkHeaderCover: link ? coverage(q, link.header) : 0,
        linkValueNamed: link && inQuestion(q, String(link.value)) ? 1 : 0,
        titleNamed: inQuestion(q, title) ? 1 : 0,
        linkHeaderIsTarget: link && q.target && contentStems(link.header).includes(q.target) ? 1 : 0,
      };
      passageSpans(p.text)
        .slice(0, MAX_SENTENCES)
        .forEach((sent, i) => {
          const sentCover = stemCoverage(q, sent.stems);
          const fresh = sent.stems.filter((w) => q.stems.has(w)).length;
          const verbInSentence = verbShare(verbs, sent.stems);
          // Past the opening sentences, one that shares no question word seldom holds the answer.
          if (i >= OPENING_SENTENCES && fresh === 0) return;
          for (const span of sent.spans) {
            const norm = span.norm;
            out.push({
              text: span.text,
              kind: span.kind,
              source: "passage",
              segment: star.segment,
              column: null,
              passage: p.id,
              sentence: sent.sentence,
              star: rank,
              cover: sentCover,
              features: {
                ...s.f,
                ...link0,
                ...stringFeatures(q, span.text, span.kind, "passage", span.stems, norm),
                [`rank=${s.rank}|src=passage`]: 1,
                [`part=${span.part}|kind=${span.kind}`]: 1,
                [`type=${q.type}|left=${span.left}`]: 1,
                [`type=${q.type}|right=${span.right}`]: 1,
                [`at=${Math.min(3, Math.floor(span.at * 4))}`]: 1,
                leftCover: stemCoverage(q, span.leftStems),
                rightCover: stemCoverage(q, span.rightStems),
                ...(link ? Object.fromEntries(linkHeader.map((h) => [`type=${q.type}|linkHeader=${h}`, 1])) : {}),
                [`sentence=${Math.min(i, 5)}`]: 1,
                sentCover,
                verbInSentence,
                verbInWindow: verbShare(verbs, span.windowStems),
                verbMissing: verbs.length && !verbInSentence ? 1 : 0,
                sentHits: Math.min(fresh, 5) / 5,
                windowCover: stemCoverage(q, span.windowStems),
                sentCoverNamedRow: sentCover * s.f.rowNamed,
                freshInWindow: s.uncovered.length
                  ? s.uncovered.filter((w) => span.windowStems.includes(w)).length / s.uncovered.length
                  : 0,
                freshInSentence: s.uncovered.length
                  ? s.uncovered.filter((w) => sent.stems.includes(w)).length / s.uncovered.length
                  : 0,
                sentCoverLinkHeader: sentCover * link0.linkHeaderCover,
                targetInWindow: q.target && span.windowStems.includes(q.target) ? 1 : 0,
                isTitle: norm === title ? 1 : 0,
                isRowValue: rowValues.has(norm) ? 1 : 0,
              },
            });
          }
        });
    }
  });
  return out;
}
