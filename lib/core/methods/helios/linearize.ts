import type { Passage, Segment } from "./types";

/**
 * Words kept of one passage when an edge is linearised: the edge's text for retrieval and for
 * answer recall. Long enough for most of an OTT-QA passage (median 117 words, three in four under
 * 233), as the paper's encoders read most of one; chosen on the ottqa tune split (96 → 250 words
 * took AR@10 of reranking from 84.0 to 90.7 there).
 */
const PASSAGE_TOKENS = 250;

/** A row with its table's caption and header, as "caption : header is value ; …" (HELIOS §4.1 linearisation). */
export function segmentText(segment: Segment): string {
  const parts: string[] = [];
  segment.values.forEach((v, i) => {
    if (v === null || v === "") return;
    parts.push(`${segment.header[i] ?? segment.columns[i]} is ${String(v)}`);
  });
  return `${segment.caption ?? segment.table} : ${parts.join(" ; ")}`;
}

/** A passage's title and the start of its text. */
export function passageText(passage: Passage, maxTokens = PASSAGE_TOKENS): string {
  const words = passage.text.split(/\s+/).filter(Boolean);
  const head = words.length > maxTokens ? words.slice(0, maxTokens).join(" ") : passage.text;
  return `${passage.title} : ${head}`;
}

/** The edge (segment, passage) as one text: the segment, then the passage when there is one. */
export function edgeText(segment: Segment, passage: Passage | null): string {
  return passage ? `${segmentText(segment)} [SEP] ${passageText(passage)}` : segmentText(segment);
}

/** Sentences of a passage, for verification and the reader. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}
