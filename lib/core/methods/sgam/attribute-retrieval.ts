import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import { createHashedEncoder } from "../../text/hashed-encoder";
import { cosine } from "../../text/encoder";
import { contentWords, wordsMeet } from "../../retrieval/vocab";
import { cellHintSchema } from "../../retrieval/types";
import { keywordSetSchema, type KeywordSet } from "./keywords";
import { attributeRetrievalPrompt } from "./prompts/attribute-retrieval";

const segmentSchema = z.object({ text: z.string().min(1), role: z.enum(["condition", "main"]) });
export type Segment = z.infer<typeof segmentSchema>;

const retrievalInput = z.object({
  segments: z.array(segmentSchema).min(1),
  attributes: z.array(keywordSetSchema),
  /** Values of the question found in the cell index: a value word is a keyword of its column. */
  hints: z.array(cellHintSchema),
  tau: z.number().min(0).max(1),
  maxAttributes: z.number().int().positive(),
  minSimilarity: z.number().min(0).max(1),
  /** The trained schema linker's probabilities, one list per segment (absent: eq. 2's similarities). */
  links: z
    .array(z.array(z.object({ table: z.string(), column: z.string(), probability: z.number().min(0).max(1) })))
    .optional(),
  /** The linker's trained cut. */
  cut: z.number().min(0).max(1).optional(),
});
export type RetrievalInput = z.infer<typeof retrievalInput>;

const attributeMatchSchema = z.object({
  segment: z.number().int().nonnegative(),
  table: z.string(),
  column: z.string(),
  similarity: z.number().default(1),
  score: z.number().default(1),
  keywords: z.array(z.string()).default([]),
});
export type AttributeMatch = z.infer<typeof attributeMatchSchema>;
const retrievalOutput = z.object({ matches: z.array(attributeMatchSchema) });
export type RetrievalOutput = z.infer<typeof retrievalOutput>;

/** s'_i of eq. 2: squared similarities min-max normalised over all attributes (all 0 when flat). */
export function squaredMinMax(similarities: readonly number[]): number[] {
  const sq = similarities.map((s) => Math.max(0, s) ** 2);
  const lo = Math.min(...sq);
  const hi = Math.max(...sq);
  return sq.map((s) => (hi - lo > 1e-12 ? (s - lo) / (hi - lo) : 0));
}

const round = (x: number) => Math.round(x * 1000) / 1000;

// Each keyword once: the encoder is a bag of features, so a repeated word would weigh double.
function keywordText(set: KeywordSet, extra: readonly string[]): string {
  return [...new Set([...set.unique, ...(set.tableWords ?? []), ...set.frequent, ...extra])].join(" ");
}

/**
 * Local attribute retrieval (SGAM §3.1): each segment and each keyword set are embedded with
 * the local hashed encoder; s_i = cos(emb(q), emb(K_i)), squared and min-max normalised (eq. 2),
 * attributes with s' ≥ τ kept (at most `maxAttributes`, best first). A value of the segment
 * found in a column joins that column's keywords for this segment. A segment whose best raw
 * similarity stays under `minSimilarity` names no attribute.
 */
export function retrieveAttributesLocally(input: RetrievalInput): RetrievalOutput {
  if (input.links && input.cut !== undefined) return retrieveWithLinker(input, input.links, input.cut);
  const encoder = createHashedEncoder();
  const matches: AttributeMatch[] = [];
  input.segments.forEach((seg, si) => {
    const q = encoder.embedOne(seg.text);
    const segWords = contentWords(seg.text);
    const lower = seg.text.toLowerCase();
    const sims = input.attributes.map((a) => {
      const values = input.hints
        .filter((h) => h.table === a.table && h.column === a.column && lower.includes(h.phrase.toLowerCase()))
        .map((h) => h.value);
      return cosine(q, encoder.embedOne(keywordText(a, values)));
    });
    if (!sims.length || Math.max(...sims) < input.minSimilarity) return;
    const scores = squaredMinMax(sims);
    // A value the segment names exactly is a frequency-based keyword of its column at full strength.
    const valued = new Set(
      input.hints
        .filter((h) => h.exact && lower.includes(h.phrase.toLowerCase()))
        .map((h) => `${h.table}\u0000${h.column}`),
    );
    const ranked = input.attributes
      .map((a, i) => ({ a, sim: sims[i], score: scores[i] }))
      .filter((x) => x.score >= input.tau)
      .sort((x, y) => y.score - x.score)
      .slice(0, input.maxAttributes);
    const withValues = input.attributes
      .map((a, i) => ({ a, sim: sims[i], score: scores[i] }))
      .filter((x) => valued.has(`${x.a.table}\u0000${x.a.column}`) && !ranked.some((r) => r.a === x.a));
    [...ranked, ...withValues].forEach(({ a, sim, score }) => {
      const keywords = [...a.unique, ...a.frequent].filter((k) => segWords.some((w) => wordsMeet(w, k))).slice(0, 10);
      matches.push({
        segment: si,
        table: a.table,
        column: a.column,
        similarity: round(sim),
        score: round(score),
        keywords,
      });
    });
  });
  return { matches };
}

/**
 * Local attribute retrieval with the trained schema linker: a segment's attributes are the
 * columns whose linking probability for that segment reaches the trained cut (at most
 * `maxAttributes`, most probable first; the most probable one even below the cut, unless it is
 * under half of it, when the segment names no attribute). The probability is both the
 * similarity and the score the trace shows.
 */
function retrieveWithLinker(input: RetrievalInput, links: RetrievalInput["links"] & {}, cut: number): RetrievalOutput {
  const matches: AttributeMatch[] = [];
  const byKey = new Map(input.attributes.map((a) => [`${a.table}\u0000${a.column}`, a]));
  input.segments.forEach((seg, si) => {
    const segWords = contentWords(seg.text);
    const ranked = [...(links[si] ?? [])].sort((a, b) => b.probability - a.probability);
    if (!ranked.length || ranked[0].probability < cut / 2) return;
    const kept = ranked.filter((l, i) => i === 0 || l.probability >= cut).slice(0, input.maxAttributes);
    for (const l of kept) {
      const a = byKey.get(`${l.table}\u0000${l.column}`);
      const keywords = a
        ? [...a.unique, ...a.frequent].filter((k) => segWords.some((w) => wordsMeet(w, k))).slice(0, 10)
        : [];
      matches.push({
        segment: si,
        table: l.table,
        column: l.column,
        similarity: round(l.probability),
        score: round(l.probability),
        keywords,
      });
    }
  });
  return { matches };
}

/**
 * SGAM step 2, attribute retrieval. Local: the trained linker's probabilities when the run
 * has it, else keyword sets and eq. 2 above. llm: the model splits
 * each segment into fragments and aligns each with the most relevant column from the keyword
 * table (Appendix A.3); its matches carry similarity 1.
 */
export const attributeRetrievalStep = defineStep({
  name: "sgam.attribute-retrieval",
  input: retrievalInput,
  output: retrievalOutput,
  local: (input) => retrieveAttributesLocally(input),
  prompt: attributeRetrievalPrompt,
  check: (output, input) => {
    const known = new Set(input.attributes.map((a) => `${a.table}\u0000${a.column}`));
    const problems = output.matches
      .filter((m) => !known.has(`${m.table}\u0000${m.column}`))
      .map((m) => `there is no column "${m.table}"."${m.column}"`);
    if (output.matches.some((m) => m.segment >= input.segments.length))
      problems.push(`segment numbers run from 0 to ${input.segments.length - 1}`);
    return problems;
  },
});
