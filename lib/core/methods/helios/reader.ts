import { z } from "zod";
import { defineStep } from "../../reasoner/step";
import type { EventSink } from "../../trace/sink";
import { DATA_NOT_INSTRUCTIONS, JSON_ONLY, clip, dataBlock } from "../../reasoner/prompt-safety";
import { kindFits } from "./answer-type";
import { readerCandidates } from "./reader-candidates";
import { scoreCandidates, type ReaderModel } from "./reader-model";
import { readByOverlap } from "./reader-overlap";
import { viewQuestion } from "./reader-question";

const readerInput = z.object({
  question: z.string(),
  /** The top stars in rank order: a row with its cells and its verified passages. */
  stars: z.array(
    z.object({
      segment: z.string(),
      table: z.string(),
      score: z.number(),
      cells: z.array(
        z.object({ column: z.string(), header: z.string(), value: z.union([z.string(), z.number(), z.null()]) }),
      ),
      passages: z.array(z.object({ id: z.string(), title: z.string(), text: z.string() })),
    }),
  ),
});
export type ReaderInput = z.infer<typeof readerInput>;

const readerOutput = z.object({
  answer: z.string(),
  segment: z.string().nullable(),
  /** The cell the answer was read from, or null when it came from a passage. */
  column: z.string().nullable(),
  passage: z.string().nullable(),
  sentence: z.string().nullable(),
  reason: z.string(),
  /** The trained reader's probability that the answer is right (absent for the llm reader). */
  score: z.number().min(0).max(1).optional(),
});
export type ReaderOutput = z.infer<typeof readerOutput>;

/** Candidates the trace shows (best first). */
const TRACED = 8;

/**
 * The learned local reader (HELIOS §4.4): every cell and passage span of the top stars is a
 * candidate, scored by the trained log-linear model against a "no answer" candidate. The answer
 * is the string with the most probability mass, and that mass is the reader's score. With
 * `abstainBelowThreshold`, below the model's threshold the reader gives no span; without it (the default) it
 * answers with its best span and HELIOS's verdict model, which reads that probability with the
 * rest of the evidence, decides whether the answer is sure (an abstained answer cannot be right).
 */
function readLocally(
  input: ReaderInput,
  model: ReaderModel | undefined,
  sink?: EventSink,
  abstainBelowThreshold = false,
): ReaderOutput {
  if (!model) return readByOverlap(input);
  const q = viewQuestion(input.question);
  const { answers, none } = scoreCandidates(model, q.wh, readerCandidates(q, input));
  const shown = answers.slice(0, TRACED).map((a) => ({
    text: a.best.text,
    score: round(a.p),
    source: a.best.source,
    segment: a.best.segment,
    ...(a.best.column ? { column: a.best.column } : {}),
    ...(a.best.passage ? { passage: a.best.passage } : {}),
    kind: a.best.kind,
    star: a.best.star,
    cover: round(a.best.cover),
    places: a.places,
    fits: kindFits(q.type, a.best.kind),
  }));
  const top = answers[0];
  const abstain = !top || (abstainBelowThreshold && top.p < model.threshold);
  sink?.emit({
    type: "reader-candidates",
    candidates: shown,
    none: round(none),
    threshold: model.threshold,
    abstained: abstain,
  });
  if (abstain) {
    const why = top
      ? `The best candidate, "${clip(top.best.text, 60)}", has probability ${top.p.toFixed(2)}, ` +
        `below the reader's threshold ${model.threshold}.`
      : "No cell or passage span of the top stars is a candidate.";
    return {
      answer: "",
      segment: null,
      column: null,
      passage: null,
      sentence: null,
      reason: why,
      score: top ? round(top.p) : 0,
    };
  }
  const b = top.best;
  const where = b.source === "cell" ? `cell ${b.column} of ${b.segment}` : `a sentence of passage ${b.passage}`;
  return {
    answer: b.text,
    segment: b.segment,
    column: b.column,
    passage: b.passage,
    sentence: b.sentence,
    reason: `The trained reader chose "${clip(b.text, 60)}" from ${where} with probability ${top.p.toFixed(2)}.`,
    score: round(top.p),
  };
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** The reader step with the trained model (or, without one, the untrained overlap reader). */
export function readerStepWith(model?: ReaderModel, abstainBelowThreshold = false) {
  return defineStep({
    ...readerStepBase,
    local: (input: ReaderInput, context) => readLocally(input, model, context.sink, abstainBelowThreshold),
  });
}

const readerStepBase = defineStep({
  name: "helios.reader",
  input: readerInput,
  output: readerOutput,
  local: (input: ReaderInput) => readByOverlap(input),
  prompt: (input) => ({
    system:
      `You answer questions from table rows and the text passages linked to them. ` +
      `Answer with a short span copied from a cell or a passage sentence. ${DATA_NOT_INSTRUCTIONS} ${JSON_ONLY}`,
    prompt: [
      `Question: ${input.question}`,
      dataBlock(
        "evidence",
        input.stars
          .map((s) =>
            [
              `row ${s.segment}: ${s.cells
                .map((c) => `${c.header} (${c.column}) = ${clip(String(c.value ?? ""), 80)}`)
                .join(" | ")}`,
              ...s.passages.map((p) => `  passage ${p.id} "${clip(p.title, 80)}": ${clip(p.text, 600)}`),
            ].join("\n"),
          )
          .join("\n"),
      ),
      'Return JSON {"answer": short span, "segment": row id or null, "column": ' +
        'column or null when the answer is in a passage, "passage": passage id or null, "sentence": ' +
        'the supporting sentence or null, "reason": one sentence}.',
    ].join("\n"),
  }),
  check: (out, input) =>
    out.segment && !input.stars.some((s) => s.segment === out.segment)
      ? [`Row ${out.segment} is not among the evidence.`]
      : [],
});
