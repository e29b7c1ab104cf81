import "server-only";
import {
  assessAnswer,
  CONFIDENCE_FEATURES,
  confidenceModelSchema,
  untrainedModel,
  type AnswerSignals,
  type ConfidenceModel,
  type MethodConfidenceModels,
  OWN_VERDICT_METHODS,
  type ProfiledSchema,
} from "@/lib/core/reasoner/verdict";
import type { Answer, TraceEvent } from "@/lib/core/trace";
import { columnKey } from "@/lib/core/model/column-ref";
import type { RunRequest } from "@/lib/core/api/runs";
import { type DatasetContext, openDatasetContext } from "@/lib/server/methods/dataset-context";
import { getDataset } from "@/lib/server/stores/datasets";
import { loadModel, ModelLoadError, readModelsManifest } from "@/lib/server/models/load-model";

/** Rows counted at most when telling how many a truncated answer has ("at least 100,000"). */
const COUNT_CAP = 100_000;
const DEFAULT_MAX_ANSWER_ROWS = 200;

/** What the verdict reads of the run's request. */
export type VerdictSpec = Pick<RunRequest, "datasetId" | "question" | "method" | "reasoner" | "params">;

let warned = false;

/** The trained confidence model, or the strict untrained one when `npm run train` has not made it. */
export function confidenceModel(): ConfidenceModel {
  try {
    return loadModel("answer-confidence", confidenceModelSchema);
  } catch (err) {
    if (!(err instanceof ModelLoadError)) throw err;
    if (!warned) console.warn(`${err.message} Answers are judged by the untrained confidence model.`);
    warned = true;
    return untrainedModel(CONFIDENCE_FEATURES);
  }
}

/**
 * Methods' own verdict models (models/<method>-verdict.json) that are listed in the manifest:
 * GraphOTTER's (scripts/train/trainers/graphotter-verdict.mts) and HELIOS's (helios-verdict.mts);
 * a method without one is judged by the shared model.
 */
export function methodConfidenceModels(): MethodConfidenceModels {
  const listed = readModelsManifest().models;
  return Object.fromEntries(
    OWN_VERDICT_METHODS.filter((m) => listed[`${m}-verdict`]).map((m) => [
      m,
      loadModel(`${m}-verdict`, confidenceModelSchema),
    ]),
  );
}

/** The SQL without its final LIMIT/OFFSET, or null when it has none. */
export function withoutFinalLimit(sql: string): string | null {
  const m = /\s+LIMIT\s+\d+(?:\s+OFFSET\s+\d+)?\s*;?\s*$/i.exec(sql);
  return m ? sql.slice(0, m.index) : null;
}

/**
 * Whether the row cap cut the answer, and how many rows there are: a bounded COUNT over the same
 * query without its cap (at most COUNT_CAP rows counted; past that, or when counting fails, "at least").
 */
async function truncation(
  spec: VerdictSpec,
  answer: Answer,
  events: readonly TraceEvent[],
  context: DatasetContext | null,
  signal?: AbortSignal,
): Promise<Answer["truncated"]> {
  if (!answer.sql) return undefined;
  const cap = typeof spec.params.maxAnswerRows === "number" ? spec.params.maxAnswerRows : DEFAULT_MAX_ANSWER_ROWS;
  const ran = answer.engineSql ?? answer.sql;
  const run = [...events].reverse().find((e) => e.type === "sql" && e.ok && e.sql === ran);
  const shown = run?.type === "sql" ? run.rowCount : 0;
  if (shown < cap) return undefined;
  const body = withoutFinalLimit(answer.sql);
  if (!body) return { shown, total: shown, exact: false };
  try {
    if (!context) throw new Error("the dataset is gone");
    const { runGuardedSql } = await import("@/lib/server/sql");
    const r = await runGuardedSql(
      context.guard,
      `SELECT COUNT(*) FROM (SELECT 1 FROM (${body}) AS answer LIMIT ${COUNT_CAP + 1}) AS capped`,
      { maxRows: 1, timeoutMs: 3000, signal },
    );
    const total = Number(r.rows[0]?.[0] ?? shown);
    if (total <= shown) return undefined;
    return total > COUNT_CAP ? { shown, total: COUNT_CAP, exact: false } : { shown, total, exact: true };
  } catch {
    return { shown, total: shown, exact: false };
  }
}

/** Tables and columns with their profiles (min, max, type): only what the checks read, not the whole index. */
async function datasetSchema(context: DatasetContext | null): Promise<ProfiledSchema | null> {
  try {
    if (!context) return null;
    const { dataset } = context;
    const { profiles, descriptions } = await context.indexTables();
    return {
      tables: dataset.tables.map((t) => ({
        name: t.name,
        expandedName: descriptions.get(columnKey(t.name, ""))?.expandedName ?? undefined,
        columns: t.columns.map((c) => ({
          column: c.sqlName,
          name: c.name,
          type: c.type,
          expandedName: descriptions.get(columnKey(t.name, c.sqlName))?.expandedName ?? undefined,
          profile: profiles.get(columnKey(t.name, c.sqlName)) ?? null,
        })),
      })),
    };
  } catch {
    return null;
  }
}

/**
 * Adds the verdict, calibrated confidence, reason and truncation to a method's answer, from the
 * run's trace and its dataset context (the run's own, loaded once). Never throws: if judging fails
 * the answer goes out unjudged with a console note.
 */
export async function judgeAnswer(
  spec: VerdictSpec,
  answer: Answer,
  events: readonly TraceEvent[],
  context: DatasetContext | null,
  signal?: AbortSignal,
): Promise<{ answer: Answer; signals: AnswerSignals | null }> {
  try {
    const truncated = await truncation(spec, answer, events, context, signal);
    const base: Answer = truncated ? { ...answer, truncated } : answer;
    const schema = await datasetSchema(context);
    const { signals, ...assessment } = assessAnswer(
      {
        question: spec.question,
        method: spec.method,
        reasoner: spec.reasoner,
        answer: base,
        events,
        schema,
        maxAnswerRows: null,
      },
      confidenceModel(),
      methodConfidenceModels(),
    );
    return { answer: { ...base, ...assessment }, signals };
  } catch (err) {
    console.error("could not judge the answer", err);
    return { answer, signals: null };
  }
}

/** judgeAnswer for a dataset by id (scripts that run a method outside a question's run). */
export async function withVerdict(
  spec: VerdictSpec,
  answer: Answer,
  events: readonly TraceEvent[],
): Promise<{ answer: Answer; signals: AnswerSignals | null }> {
  const dataset = await getDataset(spec.datasetId).catch(() => null);
  return judgeAnswer(spec, answer, events, dataset ? openDatasetContext(dataset) : null);
}
