// hybridqa_train as HELIOS training lists (SPLITS.md: training data; none of the OTT-QA sample's
// tables): questions retrieved over chunks of many tables, as OTT-QA questions are over the whole
// sample, so every trained part of HELIOS learns from the kind of evidence it meets at run time.
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildHeliosIndex, type HeliosIndex } from "../../lib/core/methods/helios/graph-index.ts";
import { edgeText } from "../../lib/core/methods/helios/linearize.ts";
import { loadOttqaCorpus } from "../eval/ottqa-corpus.mts";
import { containsAnswer } from "../eval/helios-metrics.mts";
import { words } from "../../lib/core/text/normalize.ts";

export type HybridQuestion = {
  question_id: string;
  question: string;
  table_id: string;
  "answer-text": string;
  /** Where the answer is: [text, [row, column], link or null, "table" | "passage"] (rows from 0). */
  "answer-node": Array<[string, [number, number], string | null, "table" | "passage"]>;
};

/** Tables retrieved over together: enough distractor rows to make retrieval realistic. */
export const CHUNK_TABLES = 25;
/** Tables whose questions are held out to measure a model (1 in 8, by a hash of the table id). */
const HELD_OUT_EVERY = 8;

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/** Whether a question's table is in the held-out eighth. */
export const heldOut = (table: string) => hash(table) % HELD_OUT_EVERY === 0;

/** hybridqa_train's questions (HELIOS_TRAIN_LIMIT=N keeps the first N, for a quick check). */
export function hybridQuestions(datasets: string): HybridQuestion[] {
  return readFileSync(path.join(datasets, "hybridqa_train", "questions.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as HybridQuestion)
    .slice(0, Number(process.env.HELIOS_TRAIN_LIMIT) || undefined);
}

/** The nodes holding the answer (HybridQA's answer nodes), as HELIOS node ids. */
export function answerNodes(q: HybridQuestion): { segments: Set<string>; edges: Set<string> } {
  const segments = new Set<string>();
  const edges = new Set<string>();
  for (const [, [row], link, kind] of q["answer-node"]) {
    const seg = `s:${q.table_id}:${row + 1}`;
    if (kind === "table") segments.add(seg);
    else if (link) edges.add(`${seg}|p:${link}`);
  }
  return { segments, edges };
}

/** Whether an edge is one HybridQA says holds the answer: the answer's row, or the answer's passage with its row. */
export const isAnswerEdge = (gold: ReturnType<typeof answerNodes>, segment: string, passage: string | null) =>
  gold.segments.has(segment) || (!!passage && gold.edges.has(`${segment}|${passage}`));

/** Whether an edge's text holds the answer string (what AR@k counts). */
export function edgeHasAnswer(index: HeliosIndex, answer: string, segment: string, passage: string | null): boolean {
  const s = index.segments.get(segment);
  const p = passage ? index.passages.get(passage) : null;
  return !!s && containsAnswer(edgeText(s, p ?? null), answer);
}

/**
 * The question as OTT-QA would ask it: OTT-QA's questions are HybridQA's rewritten to name the
 * table's page and section title (Chen et al., 2020a), which HybridQA's, asked beside their table,
 * leave out. The caption's words the question lacks are added, so a model trained here meets the
 * same kind of question it answers at run time, where the table is not given.
 */
export function decontextualized(index: HeliosIndex, q: HybridQuestion): HybridQuestion {
  const caption = index.segments.get(`s:${q.table_id}:1`)?.caption;
  if (!caption) return q;
  const have = new Set(words(q.question));
  const extra = words(caption).filter((w) => !have.has(w));
  if (!extra.length) return q;
  return { ...q, question: `${q.question.replace(/\s*\?\s*$/, "")} ( ${extra.join(" ")} ) ?` };
}

/** Calls `visit` with each chunk's index and its questions, chunk by chunk (one index in memory at a time). */
export async function forEachChunk(
  datasets: string,
  questions: HybridQuestion[],
  visit: (index: HeliosIndex, questions: HybridQuestion[]) => Promise<void> | void,
  log: (m: string) => void,
): Promise<void> {
  const root = path.join(datasets, "hybridqa_train");
  const tables = [...new Set(questions.map((q) => q.table_id))].sort();
  const byTable = new Map<string, HybridQuestion[]>();
  for (const q of questions) byTable.set(q.table_id, [...(byTable.get(q.table_id) ?? []), q]);
  for (let c = 0; c < tables.length; c += CHUNK_TABLES) {
    const chunk = tables.slice(c, c + CHUNK_TABLES);
    const index = buildHeliosIndex(loadOttqaCorpus(root, chunk));
    await visit(
      index,
      chunk.flatMap((t) => byTable.get(t) ?? []).map((q) => decontextualized(index, q)),
    );
    if ((c / CHUNK_TABLES) % 10 === 0) log(`${c + chunk.length}/${tables.length} tables`);
  }
}
