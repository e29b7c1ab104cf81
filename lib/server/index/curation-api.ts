import "server-only";
import { loadDataset } from "@/lib/server/stores/datasets";
import {
  checkImport,
  curatedEdgeSchema,
  edgeProblem,
  graphExportSchema,
  rejectionOf,
  type CuratedEdge,
  type GraphExport,
} from "@/lib/core/index/curation";
import { columnKey } from "@/lib/core/model/column-ref";
import type { CurationImportResult } from "@/lib/core/api/schema-graph";
import { HttpError } from "@/lib/server/http/errors";
import {
  deleteSchemaEdge,
  listSchemaEdges,
  replaceSchemaEdges,
  saveSchemaEdge,
  type StoredSchemaEdge,
} from "./schema-edges";
import { schemaEdgeHistoryOf } from "./schema-edge-history";
import { notFound } from "@/lib/server/http/not-found";
import { checkGlossaryImport } from "@/lib/core/retrieval/glossary";
import { listGlossary, replaceGlossary } from "@/lib/server/glossary/store";

async function columnsOf(datasetId: string): Promise<{ name: string; columns: Set<string> }> {
  const dataset = await loadDataset(datasetId);
  return {
    name: dataset.name,
    columns: new Set(dataset.tables.flatMap((t) => t.columns.map((c) => columnKey(t.name, c.sqlName)))),
  };
}

function parseEdge(raw: unknown): CuratedEdge {
  const parsed = curatedEdgeSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw new HttpError(
    "invalid_edge",
    `${where}${issue?.message ?? "invalid edge"}. Send {source: "table.column", target: "table.column", kind: ` +
      `"context" | "derivation" | "join", label?, status?}.`,
    400,
  );
}

/** GET …/schema-graph/edges: the kept edges, oldest first, with ids for PATCH and DELETE. */
export async function listCuratedEdges(datasetId: string): Promise<{ edges: StoredSchemaEdge[] }> {
  await loadDataset(datasetId);
  return { edges: await listSchemaEdges(datasetId) };
}

/** Why a change was made, as History shows it: by hand (absent), or an undo or redo of an earlier one. */
export type ChangeVia = "undo" | "redo";

/** The `via` of a request: the body's `via` field or `?via=`; anything else is a change by hand. */
export function viaOf(raw: unknown, url?: string): ChangeVia | undefined {
  const fromBody = raw && typeof raw === "object" && "via" in raw ? (raw as { via: unknown }).via : undefined;
  const value = fromBody ?? (url ? new URL(url).searchParams.get("via") : undefined);
  return value === "undo" || value === "redo" ? value : undefined;
}

/**
 * POST …/schema-graph/edges: adds a hand-drawn edge, or accepts/rejects a discovered join (status).
 * Keeping a join the user rejected before turns that rejection into the kept edge (one update in
 * History) and answers with it as `replaced`, so an undo can bring the rejection back.
 */
export async function addCuratedEdge(
  datasetId: string,
  raw: unknown,
  via?: ChangeVia,
): Promise<StoredSchemaEdge & { replaced?: StoredSchemaEdge }> {
  const edge = parseEdge(raw);
  const { columns } = await columnsOf(datasetId);
  const kept = await listSchemaEdges(datasetId);
  const problem = edgeProblem(edge, columns, kept);
  if (problem)
    throw new HttpError(
      problem.startsWith("There already") ? "duplicate_edge" : "invalid_edge",
      problem,
      problem.startsWith("There already") ? 409 : 400,
    );
  const rejection = rejectionOf(edge, kept) as StoredSchemaEdge | undefined;
  if (rejection) {
    const saved = await saveSchemaEdge(datasetId, { ...edge, status: edge.status ?? "curated", id: rejection.id }, via);
    return { ...saved, replaced: rejection };
  }
  return saveSchemaEdge(datasetId, edge, via);
}

/** PATCH …/schema-graph/edges: relabels, re-kinds or re-points one kept edge (by id). */
export async function updateCuratedEdge(
  datasetId: string,
  id: string,
  raw: unknown,
  via?: ChangeVia,
): Promise<StoredSchemaEdge> {
  const { columns } = await columnsOf(datasetId);
  const kept = await listSchemaEdges(datasetId);
  const current = kept.find((e) => e.id === id);
  if (!current) throw notFound("edge", id);
  const patch = raw !== null && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const { id: _ignored, via: _via, ...rest } = patch;
  const edge = parseEdge({
    source: current.source,
    target: current.target,
    kind: current.kind,
    label: current.label,
    weight: current.weight,
    status: current.status,
    ...rest,
  });
  const problem = edgeProblem(edge, columns, kept, id);
  if (problem)
    throw new HttpError(
      problem.startsWith("There already") ? "duplicate_edge" : "invalid_edge",
      problem,
      problem.startsWith("There already") ? 409 : 400,
    );
  return saveSchemaEdge(datasetId, { ...edge, id }, via);
}

/** DELETE …/schema-graph/edges: removes one kept edge; the history keeps it. */
export async function removeCuratedEdge(datasetId: string, id: string, via?: ChangeVia): Promise<{ deleted: string }> {
  await loadDataset(datasetId);
  if (!(await deleteSchemaEdge(datasetId, id, via))) throw notFound("edge", id);
  return { deleted: id };
}

/** GET …/schema-graph/history: every change, oldest first, with its time. */
export async function curationHistory(datasetId: string) {
  await loadDataset(datasetId);
  return { history: await schemaEdgeHistoryOf(datasetId) };
}

/** GET …/schema-graph/export: the kept edges as a file a team can version. */
export async function exportCuratedGraph(datasetId: string): Promise<GraphExport> {
  const { name } = await columnsOf(datasetId);
  const [edges, glossary] = await Promise.all([listSchemaEdges(datasetId), listGlossary(datasetId)]);
  return {
    format: "tablesight.schema-graph",
    version: 1,
    dataset: name,
    edges: edges.map((e) => ({
      source: e.source,
      target: e.target,
      kind: e.kind,
      label: e.label,
      weight: e.weight,
      status: e.status,
    })),
    glossary: glossary.map(({ id: _id, createdAt: _c, updatedAt: _u, ...entry }) => entry),
  };
}

/**
 * PUT …/schema-graph/export: replaces the kept edges (and, when the file has one, the glossary) with a
 * file's. A file that is not an export at all is refused whole (400, nothing changes); otherwise
 * each edge is checked and the report says which were refused and why, the rest replace the kept
 * edges. With `strict`, any refusal refuses the whole file (422, nothing changes).
 */
export async function importCuratedGraph(
  datasetId: string,
  raw: unknown,
  options: { strict?: boolean } = {},
): Promise<CurationImportResult> {
  const { columns } = await columnsOf(datasetId);
  const file = graphExportSchema.safeParse(raw);
  if (!file.success) {
    const issue = file.error.issues[0];
    throw new HttpError(
      "invalid_import",
      `This is not a Tablesight schema-graph export ` +
        `(${issue?.path.join(".") || "file"}: ${issue?.message ?? "invalid"}); expected {format: ` +
        `"tablesight.schema-graph", version: 1, edges: [...]}. Nothing was changed.`,
      400,
    );
  }
  const report = checkImport(file.data.edges, columns);
  if (options.strict && report.refused.length) {
    throw new HttpError(
      "import_refused",
      `${report.refused.length} of ${file.data.edges.length} edges were refused (first: ` +
        `edge ${report.refused[0].index}: ${report.refused[0].reason}). Nothing was changed.`,
      422,
    );
  }
  const words = file.data.glossary ? checkGlossaryImport(file.data.glossary, columns) : null;
  if (options.strict && words?.refused.length) {
    throw new HttpError(
      "import_refused",
      `${words.refused.length} glossary entries were refused (first: entry ${words.refused[0].index}: ` +
        `${words.refused[0].reason}). Nothing was changed.`,
      422,
    );
  }
  const counts = await replaceSchemaEdges(datasetId, report.accepted);
  if (words) await replaceGlossary(datasetId, words.accepted);
  return {
    ...counts,
    imported: report.accepted.length,
    refused: report.refused,
    ...(words ? { glossary: { imported: words.accepted.length, refused: words.refused } } : {}),
  };
}
