import type { Answer, EvidenceCell } from "../../trace/kinds-run";
import { normalizeText } from "../../text/normalize";
import type { HeliosIndex } from "./graph-index";
import type { ReaderInput, ReaderOutput } from "./reader";
import type { ScoredEdge } from "./types";

/** Groups ranked edges into stars (a row with its passages), in the rank of their best edge. */
export function topStars(index: HeliosIndex, edges: ScoredEdge[], count: number): ReaderInput["stars"] {
  const order: string[] = [];
  const byRow = new Map<string, { score: number; passages: string[] }>();
  for (const e of edges) {
    let star = byRow.get(e.segment);
    if (!star) {
      if (order.length >= count) continue;
      star = { score: e.score, passages: [] };
      byRow.set(e.segment, star);
      order.push(e.segment);
    }
    // A passage verification dropped is not part of its star (HELIOS §4.3), and the reader reads
    // the passages linked to the row: an expanded edge ranks the row, but its passage is a guess
    // about another row's entity that the trained reader would take for this row's own.
    const linked = e.passage && (index.bySegment.get(e.segment) ?? []).some((l) => l.passage === e.passage);
    if (e.passage && linked && !e.dropped && !star.passages.includes(e.passage)) star.passages.push(e.passage);
  }
  return order.map((id) => {
    const seg = index.segments.get(id)!;
    const star = byRow.get(id)!;
    return {
      segment: id,
      table: seg.table,
      score: star.score,
      cells: seg.columns.map((column, i) => ({
        column,
        header: seg.header[i] ?? column,
        value: seg.values[i] ?? null,
      })),
      passages: star.passages
        .map((p) => index.passages.get(p)!)
        .map((p) => ({ id: p.id, title: p.title, text: p.text.slice(0, 4000) })),
    };
  });
}

/**
 * The reader's output as the run's answer: the answer cell (or the row's cells the question
 * names, which locate it) as evidence for the heatmap, the star's passages and the sentence.
 */
export function toAnswer(
  index: HeliosIndex,
  question: string,
  read: ReaderOutput,
  stars: ReaderInput["stars"],
): Answer {
  const score = read.score !== undefined ? { readerScore: read.score } : {};
  if (!read.answer)
    return {
      text: "No answer was found in the retrieved rows and passages.",
      values: [],
      evidence: [],
      explanation: read.reason,
      ...score,
    };
  const evidence: EvidenceCell[] = [];
  const seg = read.segment ? index.segments.get(read.segment) : undefined;
  const q = ` ${normalizeText(question)} `;
  if (seg) {
    seg.columns.forEach((column, i) => {
      const v = seg.values[i];
      const named = v !== null && String(v).trim() !== "" && q.includes(` ${normalizeText(String(v))} `);
      if (column === read.column || named) evidence.push({ table: seg.table, column, rowId: seg.rowId, value: v });
    });
  }
  const star = stars.find((s) => s.segment === read.segment);
  const passages = [...new Set([...(read.passage ? [read.passage] : []), ...(star?.passages.map((p) => p.id) ?? [])])];
  return {
    text: read.answer,
    values: [read.answer],
    evidence,
    passages,
    ...(read.sentence && read.passage ? { sentences: [{ passage: read.passage, text: read.sentence }] } : {}),
    operation: read.column ? "cell" : read.passage ? "passage" : "lookup",
    explanation: read.reason,
    ...score,
  };
}
