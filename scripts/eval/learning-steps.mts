// The steps of `npm run eval -- realworld-learning` (realworld-learning.mts): asking questions as the
// suites do, and confirming a seed question's right program through the same code the app's 👍 and
// "pick an alternative" use (lib/server/learning), on stored runs.
import { answerMatches, scoreAnswer } from "../../lib/core/eval/answer-match.ts";
import { analyzeGoldSql } from "../../lib/core/eval/gold-sql.ts";
import type { DatasetDetail } from "../../lib/core/model/dataset.ts";
import type { ProgramJson } from "../../lib/core/model/program.ts";
import type { EvalArgs } from "./args.mts";
import { runQuestion } from "./run-question.mts";
import type { ExternalItem } from "./suites/external-source.mts";

/** One question asked: whether it was right, and how it was read. */
export type Asked = {
  id: string;
  question: string;
  correct: boolean;
  prediction: string;
  reading: string | null;
  /** The confirmed question whose program the answer reused, when it did. */
  learnedFrom: string | null;
  sql: string | null;
};

/** How a seed's right program was confirmed: its answer's (👍), an alternative's (picked), or not at all. */
export type Confirmation = {
  id: string;
  question: string;
  how: "answer" | "alternative" | "none";
  reading: string | null;
  sql: string | null;
  /** Why a seed was not confirmed, or what the re-answer of a picked alternative gave. */
  note?: string;
};

/** Asks every item with args.method on the dataset and scores it against its gold (as --questions does). */
export async function askAll(
  datasetId: string,
  items: readonly ExternalItem[],
  args: EvalArgs,
  label: string,
): Promise<Asked[]> {
  const out: Asked[] = [];
  for (const item of items) {
    const outcome = await runQuestion(datasetId, item.question, args);
    const answer = outcome.result?.answer;
    const rows = (outcome.result?.result?.rows as unknown[][] | undefined) ?? null;
    const correct =
      scoreAnswer({
        gold: (item.answer as unknown[] | undefined) ?? null,
        outOfScope: item.out_of_scope === true,
        verdict: answer?.verdict,
        answer: { values: (answer?.values ?? []).map((v) => String(v ?? "")), rows },
      }) === true;
    out.push({
      id: String(item.id),
      question: item.question,
      correct,
      prediction: answer?.text ?? outcome.error ?? "",
      reading: answer?.reading ?? null,
      learnedFrom: answer?.learnedFrom?.question ?? null,
      sql: answer?.sql ?? null,
    });
    if (args.verbose)
      console.error(
        `${label} ${correct ? "✓" : "✗"} ${item.id} ${item.question} → ${out.at(-1)!.prediction.slice(0, 60)}`,
      );
  }
  return out;
}

/** The rows a statement gives on the dataset, through the app's SQL guard (null when it fails). */
async function rowsOf(datasetId: string, sql: string): Promise<unknown[][] | null> {
  const { runGuardedQuery } = await import("../../lib/server/stores/dataset-query.ts");
  try {
    return (await runGuardedQuery(datasetId, sql, { maxRows: 1000, timeoutMs: 20_000 })).rows;
  } catch {
    return null;
  }
}

const matches = (gold: unknown[], rows: unknown[][] | null) =>
  rows !== null && answerMatches(gold, { values: rows.flat().map((v) => String(v ?? "")), rows });

/**
 * Whether a statement reads only columns the gold query reads (keys aside: join paths may differ). A
 * statement whose result matches the gold by coincidence (the customer with the highest credit limit
 * is also the one who paid most) is not the seed's right program, and confirming it would teach the
 * wrong reading. The SQL is read, not the program's JSON: comparisons and shares keep only their kind.
 */
function readsGoldColumns(sql: string, goldSql: string, dataset: DatasetDetail): boolean {
  const schema = new Map(
    dataset.tables.map((t) => [t.sqlName.toLowerCase(), t.columns.map((c) => c.sqlName.toLowerCase())]),
  );
  const keys = new Set(
    dataset.tables.flatMap((t) =>
      [
        ...t.columns.filter((c) => c.isPrimaryKey).map((c) => c.sqlName),
        ...t.foreignKeys.flatMap((fk) => fk.columns),
      ].map((c) => `${t.sqlName.toLowerCase()}.${c.toLowerCase()}`),
    ),
  );
  const gold = analyzeGoldSql(goldSql, schema).columns;
  return [...analyzeGoldSql(sql, schema).columns].every((c) => gold.has(c) || keys.has(c));
}

/**
 * Asks a seed question as the ask route does (a stored run), then confirms its right program as a
 * user would: a 👍 when the answer matches the gold; else the first alternative reading whose
 * result matches, picked (stored, and answered again with it). Neither: nothing is stored.
 */
export async function confirmSeed(datasetId: string, seed: ExternalItem, args: EvalArgs): Promise<Confirmation> {
  const { executeInPool, prepareRun } = await import("../../lib/server/runs/method.task.ts");
  const { executeRun } = await import("../../lib/server/runs/execute-run.ts");
  const { getRunSummary } = await import("../../lib/server/stores/runs.ts");
  const { loadDataset } = await import("../../lib/server/stores/datasets.ts");
  const { voteOnRun } = await import("../../lib/server/learning/feedback.ts");
  const { planAlternativeRun } = await import("../../lib/server/learning/alternatives.ts");
  const { method } = args;
  const gold = (seed.answer as unknown[] | undefined) ?? [];
  const base = { id: String(seed.id), question: seed.question };

  const dataset = await loadDataset(datasetId);
  const { request } = prepareRun({
    datasetId,
    question: seed.question,
    method,
    reasoner: args.reasoner,
    params: args.params,
  });
  const outcome = await executeRun(request, executeInPool(request, { dataset }));
  const run = await getRunSummary(outcome.runId);
  const answer = outcome.answer;
  if (!run || !answer) return { ...base, how: "none", reading: null, sql: null, note: outcome.error?.message };
  const goldSql = String(seed.gold_sql ?? "");
  const refused: string[] = [];
  const right = async (program: ProgramJson | undefined, sql: string | undefined) => {
    if (!program || !sql || !matches(gold, await rowsOf(datasetId, sql))) return false;
    if (readsGoldColumns(sql, goldSql, dataset)) return true;
    refused.push(sql);
    return false;
  };
  if (await right(answer.program, answer.sql)) {
    await voteOnRun(run, "up");
    return { ...base, how: "answer", reading: answer.reading ?? null, sql: answer.sql ?? null };
  }
  for (const [n, alternative] of (answer.alternatives ?? []).entries()) {
    if (!(await right(alternative.program, alternative.sql))) continue;
    const pick = await planAlternativeRun(run, n, dataset);
    const again = await executeRun(pick.spec, pick.execute, { runId: pick.runId });
    const agreed = again.answer?.sql === alternative.sql;
    return {
      ...base,
      how: "alternative",
      reading: alternative.reading,
      sql: alternative.sql,
      ...(agreed ? {} : { note: `answered again with it, the run gave: ${again.answer?.sql ?? again.error?.message}` }),
    };
  }
  return {
    ...base,
    how: "none",
    reading: answer.reading ?? null,
    sql: answer.sql ?? null,
    note: !answer.program
      ? "the answer has no program"
      : refused.length
        ? `${refused.length} of the answer and its alternatives give the gold's values but read columns the gold ` +
          `query does not (a coincidence, not the question's program): ${refused.join(" | ")}`
        : `neither the answer nor its ${answer.alternatives?.length ?? 0} alternatives give the gold`,
  };
}
