import type { IndexInfo, IndexStage } from "./types";

const LABELS: Record<string, string> = {
  profiles: "Column profiles",
  profile: "Column profiles",
  descriptions: "Descriptions",
  describe: "Descriptions",
  joins: "Join discovery",
  cells: "Cell index",
  "cell index": "Cell index",
  cell_index: "Cell index",
  "cell-index": "Cell index",
  graph: "Schema graph",
  "schema graph": "Schema graph",
  schema_graph: "Schema graph",
  "schema-graph": "Schema graph",
  "semantic model": "Semantic model",
};

export function stageLabel(name: string): string {
  const known = LABELS[name] ?? LABELS[name.toLowerCase()];
  if (known) return known;
  const words = name.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type StageTone = "done" | "running" | "failed" | "waiting";

export function stageTone(status: string): StageTone {
  if (status === "done" || status === "ready" || status === "skipped") return "done";
  if (status === "running") return "running";
  if (status === "failed" || status === "error") return "failed";
  return "waiting";
}

/** The bar's value and max: full when done, indeterminate (no max) while running without a total. */
export function stageProgress(stage: IndexStage): { value: number; max?: number } {
  const tone = stageTone(stage.status);
  if (tone === "done") return { value: 1, max: 1 };
  if (stage.total > 0) return { value: stage.done, max: stage.total };
  return tone === "running" ? { value: 0 } : { value: 0, max: 1 };
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return "";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

export function indexErrorMessage(index: IndexInfo): string {
  const e = index.error;
  if (e) return e;
  const failed = index.stages.find((s) => stageTone(s.status) === "failed");
  return failed ? `The ${stageLabel(failed.name).toLowerCase()} stage failed.` : "Indexing stopped with an error.";
}

export const totalMs = (stages: IndexStage[]) => stages.reduce((sum, s) => sum + (Number.isFinite(s.ms) ? s.ms : 0), 0);

/**
 * Notes that say something was capped, estimated or left out (as opposed to summaries such as
 * "4 candidates from 435 column pairs"): these stay in view once the index is ready.
 */
const CAPPED = new RegExp(
  String.raw`\b(estimate|approximate|capped|cap\b|first [\d,]+|most frequent are indexed|not indexed|` +
    "not searchable|could not|left out|failed|binary|no descriptions|truncat)",
  "i",
);

export const isCapNote = (note: string) => CAPPED.test(note);
