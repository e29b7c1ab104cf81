import { MAX_QUESTION_CHARS } from "../model/limits";
import type { Reasoner } from "../trace/atoms";
import type { EventSink } from "../trace/sink";
import type { ParsedQuestion } from "./types";

/** Token use of a run, summed over its steps. */
export type TokenTally = {
  tokens: { input: number; output: number };
  /** Adds one step's usage (AI SDK usage shape; local steps report none). */
  add: (usage: { inputTokens?: number; outputTokens?: number }) => void;
  /** Adds another tally's totals (a stage that counted its own). */
  addTotals: (totals: { input: number; output: number }) => void;
};

/** A fresh token tally. */
export function tokenTally(): TokenTally {
  const tokens = { input: 0, output: 0 };
  return {
    tokens,
    add: (u) => {
      tokens.input += u.inputTokens ?? 0;
      tokens.output += u.outputTokens ?? 0;
    },
    addTotals: (t) => {
      tokens.input += t.input;
      tokens.output += t.output;
    },
  };
}

/**
 * The question as every method reads it: whitespace collapsed, cut to MAX_QUESTION_CHARS with a
 * warning. Null (after a warning) when nothing is left to read.
 */
export function prepareQuestion(raw: string, sink: EventSink): string | null {
  const question = raw.replace(/\s+/g, " ").trim();
  if (!question) {
    sink.emit({
      type: "warning",
      code: "empty_question",
      message: "The question is empty; type a question about the tables.",
    });
    return null;
  }
  if (question.length <= MAX_QUESTION_CHARS) return question;
  sink.emit({
    type: "warning",
    code: "question_truncated",
    message: `The question has ${question.length} characters; only the first ${MAX_QUESTION_CHARS} were read.`,
  });
  return question.slice(0, MAX_QUESTION_CHARS);
}

/** The question-parse event's shared part (capped lists), from a parsed question. */
export function questionParseEvent(reasoner: Reasoner, p: ParsedQuestion) {
  return {
    type: "question-parse" as const,
    reasoner,
    keywords: p.keywords.slice(0, 100),
    entities: p.entities.slice(0, 100).map((e) => ({ text: e.text, kind: e.kind })),
    numbers: p.numbers.slice(0, 100).map((n) => ({ value: n.value, comparator: n.comparator, text: n.text })),
    dates: p.dates.slice(0, 100).map((d) => ({ text: d.text, value: d.value, comparator: d.comparator })),
    intent: p.intent,
  };
}
