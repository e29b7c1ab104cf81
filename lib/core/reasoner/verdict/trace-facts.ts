import type { TraceEvent } from "../../trace/event";
import type { Answer } from "../../trace/kinds-run";

/** What the trace says about an answer, read from events every method may emit. */
export type TraceFacts = {
  /** The answer query's sql event, when the answer came from SQL. */
  answerSql: { sql: string; rowCount: number; ok: boolean } | null;
  voteAgreement?: number;
  /** Lowest vote frequency of a kept column, and columns that got some votes but were dropped. */
  voteMin?: number;
  voteContested?: number;
  linkerMargin?: number;
  rankerProbability?: number;
  rankerMargin?: number;
  readerScore?: number;
  /** Ranker candidates after the chosen one (for the runner-up). */
  otherCandidates: Array<{ sql?: string; text?: string; reading?: string; probability?: number }>;
  /** Cell-index hits by their value (lowercase): the best score, how it matched, the question words. */
  hits: Map<string, { score: number; match?: string; query: string }>;
  fallbacks: number;
  /** Steps whose output the model itself produced (step-end with reasoner "llm"). */
  llmSteps: number;
  /** Warnings about the answer; a warning about the path (the model did not answer) is not one. */
  warnings: string[];
};

/**
 * Warnings that say which reasoner ran a step, not what the answer rests on: an answer the local
 * reasoner gave after the model failed is judged as the same local answer.
 */
const PATH_WARNINGS: ReadonlySet<string> = new Set(["llm_fallback", "llm_not_configured"]);

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined);

type Candidate = { sql?: unknown; text?: unknown; reading?: unknown; score?: unknown; probability?: unknown };

/** Reads a learned ranker's candidates from any event that carries `candidates: [{sql, score, probability}]`. */
function rankerCandidates(events: readonly TraceEvent[]): Candidate[] | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const c = (events[i] as { candidates?: unknown }).candidates;
    if (Array.isArray(c) && c.length && typeof c[0] === "object" && c[0] && ("probability" in c[0] || "score" in c[0]))
      return c as Candidate[];
  }
  return null;
}

/** Collects the answer's trace facts; signals a method does not emit stay undefined. */
export function traceFacts(events: readonly TraceEvent[], answer: Answer): TraceFacts {
  const facts: TraceFacts = {
    answerSql: null,
    otherCandidates: [],
    hits: new Map(),
    fallbacks: 0,
    llmSteps: 0,
    warnings: [],
  };
  const attributeScores: number[] = [];
  for (const e of events) {
    if (e.type === "sql" && (e.purpose === "answer" || (answer.sql && e.sql === answer.sql)))
      facts.answerSql = { sql: e.sql, rowCount: e.rowCount, ok: e.ok };
    else if (e.type === "schema-selection") {
      const kept = e.columns.filter((c) => e.kept.some((k) => k.table === c.table && k.column === c.column));
      facts.voteAgreement = mean(kept.map((c) => c.frequency)) ?? 0;
      facts.voteMin = kept.length ? Math.min(...kept.map((c) => c.frequency)) : 0;
      facts.voteContested = e.columns.filter((c) => c.frequency > 0 && !kept.includes(c)).length;
      const probs = e.columns
        .map((c) => num((c as { probability?: unknown }).probability))
        .filter((p): p is number => p !== undefined)
        .sort((a, b) => b - a);
      if (probs.length) facts.linkerMargin = probs[0] - (probs[1] ?? 0);
    } else if (e.type === "attribute-retrieval") {
      if (e.attributes.length) attributeScores.push(Math.max(...e.attributes.map((a) => a.similarity)));
    } else if (e.type === "cell-hits") {
      for (const h of e.hits) {
        const key = String(h.value).toLowerCase();
        const prev = facts.hits.get(key);
        if (!prev || h.score > prev.score) facts.hits.set(key, { score: h.score, match: h.match, query: e.query });
      }
    } else if (e.type === "step-end") {
      if (e.fallback) facts.fallbacks++;
      if (e.reasoner === "llm") facts.llmSteps++;
    } else if (e.type === "warning" && e.code !== "index_not_ready" && !PATH_WARNINGS.has(e.code ?? ""))
      facts.warnings.push(e.code ?? "warning");
    const reader = num((e as { readerScore?: unknown }).readerScore);
    if (reader !== undefined) facts.readerScore = reader;
  }
  if (facts.voteAgreement === undefined && attributeScores.length)
    facts.voteAgreement = Math.min(1, mean(attributeScores)!);
  const reader = num((answer as { readerScore?: unknown }).readerScore);
  if (reader !== undefined) facts.readerScore = reader;
  const cands = rankerCandidates(events);
  if (cands) {
    const p = (c: Candidate) => num(c.probability) ?? num(c.score);
    facts.rankerProbability = p(cands[0]);
    facts.rankerMargin =
      facts.rankerProbability !== undefined ? facts.rankerProbability - (p(cands[1] ?? {}) ?? 0) : undefined;
    facts.otherCandidates = cands.slice(1, 3).map((c) => ({
      ...(typeof c.sql === "string" ? { sql: c.sql } : {}),
      ...(typeof c.text === "string" ? { text: c.text } : {}),
      ...(typeof c.reading === "string" && c.reading ? { reading: c.reading } : {}),
      ...(num(c.probability) !== undefined ? { probability: num(c.probability) } : {}),
    }));
  }
  return facts;
}
