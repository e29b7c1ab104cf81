import { normalizeText, words } from "../../text/normalize";
import { stem } from "../../text/stem";
import { clip } from "../../reasoner/prompt-safety";
import { answerTarget, candidateSpans, expectedAnswerType, typeFit } from "./answer-type";
import { sentences } from "./linearize";
import type { ReaderInput, ReaderOutput } from "./reader";
import { isStopword } from "./stopwords";

type Candidate = ReaderOutput & { score: number };

const stemsOf = (text: string) =>
  words(text)
    .filter((w) => !isStopword(w))
    .map(stem);

/**
 * The untrained fallback reader, used only when no trained reader model is loaded (HELIOS §4.4 with a reader that needs
 * no weights): candidates are the
 * cells of the top stars and the dates, numbers and capitalised spans of their passages'
 * sentences. A candidate scores by its star's rank, how well it fits the expected answer type,
 * and how much of the question its context (a cell's header, a span's sentence) covers; strings
 * the question already contains are what it asks about, not the answer, and are skipped.
 */
export function readByOverlap(input: ReaderInput): ReaderOutput {
  const type = expectedAnswerType(input.question);
  const q = new Set(stemsOf(input.question));
  const qNorm = ` ${normalizeText(input.question)} `;
  const inQuestion = (s: string) => qNorm.includes(` ${normalizeText(s)} `);
  const cover = (text: string) => (q.size ? new Set(stemsOf(text).filter((w) => q.has(w))).size / q.size : 0);
  const target = answerTarget(input.question);
  const t = target ? stem(target) : null;
  // "which film" asks for the row itself: its name is the first text column of a "films" table.
  const hasTarget = (text: string) => (t ? stemsOf(text).includes(t) : false);
  let best: Candidate | null = null;
  const offer = (c: Candidate) => {
    if (!best || c.score > best.score) best = c;
  };
  input.stars.forEach((star, rank) => {
    const weight = 1 / (1 + 0.35 * rank);
    const rowCover = cover(star.cells.map((c) => String(c.value ?? "")).join(" "));
    const nameColumn = star.cells.find((c) => typeof c.value === "string" && !/^[\d\s.,-]+$/.test(c.value))?.column;
    for (const cell of star.cells) {
      const value = cell.value === null ? "" : String(cell.value).trim();
      if (!value || inQuestion(value)) continue;
      const header = cover(cell.header);
      const aimed = hasTarget(cell.header) || (cell.column === nameColumn && hasTarget(star.table)) ? 1 : 0;
      offer({
        answer: value,
        segment: star.segment,
        column: cell.column,
        passage: null,
        sentence: null,
        reason: `Cell "${cell.header}" of a row matching the question`,
        score: weight * typeFit(value, type) * (0.3 + rowCover + (aimed ? 0 : 1.5 * header) + 1.5 * aimed),
      });
    }
    // A passage about a cell the question points at ("the director of …") is a bridge: the
    // question asks about that entity, so its sentences outrank the row's own cells.
    const rowStems = new Set(stemsOf(star.cells.map((c) => `${c.header} ${c.value ?? ""}`).join(" ")));
    const rowValues = star.cells.filter((c) => c.value !== null).map((c) => normalizeText(String(c.value)));
    const bridges = new Set(
      star.cells.filter((c) => c.value !== null && cover(c.header) > 0).map((c) => normalizeText(String(c.value))),
    );
    for (const p of star.passages) {
      const bare = normalizeText(p.title.replace(/\s*\([^)]*\)\s*$/, ""));
      const bridge = bridges.has(bare) ? 0.6 : 0;
      const names = new Set([normalizeText(p.title), bare, ...rowValues]);
      for (const s of sentences(p.text)) {
        // Question words the row already supplies say little about which sentence answers.
        const hits = new Set(stemsOf(s).filter((w) => q.has(w)));
        const sc = q.size ? [...hits].reduce((a, w) => a + (rowStems.has(w) ? 0.3 : 1), 0) / q.size : 0;
        if (sc === 0) continue;
        for (const span of candidateSpans(s)) {
          // The passage's own name and the row's values are already on the table side.
          if (inQuestion(span) || names.has(normalizeText(span)) || words(span).every(isStopword)) continue;
          const aimed = hasTarget(span) ? 1.5 : 0;
          offer({
            answer: span,
            segment: star.segment,
            column: null,
            passage: p.id,
            sentence: s,
            reason: `A sentence of "${clip(p.title, 60)}" covering the question`,
            score: weight * typeFit(span, type) * (0.2 + rowCover + 1.2 * sc + aimed + bridge),
          });
        }
      }
    }
  });
  if (!best)
    return {
      answer: "",
      segment: null,
      column: null,
      passage: null,
      sentence: null,
      reason: "No cell or passage sentence of the top stars fits the question.",
    };
  const { score: _score, ...out } = best as Candidate;
  return out;
}
