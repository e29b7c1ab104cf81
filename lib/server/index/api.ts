import "server-only";
import { columnKey } from "@/lib/core/index";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";
import type { ColumnsResponse, Description } from "@/lib/core/api/index-status";
import type { ColumnRef } from "@/lib/core/model/index-types";
import { HttpError } from "@/lib/server/http/errors";
import { loadDataset, tableByName } from "@/lib/server/stores/datasets";
import { searchDatasetCells } from "./cell-searcher";
import { currentGeneration } from "./generations";
import { readDescriptions, readJoins, readProfiles, writeDescriptionEdit, type ShownDescription } from "./index-store";
import { joinScorer, scoredJoins } from "./join-scoring";
import { composeSchemaGraph, reviewedJoins } from "./dataset-graph";
import { listSchemaEdges } from "./schema-edges";
import { cancelIndexing, scheduleIndexing } from "./queue";
import { getIndexStatus } from "./status";
import { notFound } from "@/lib/server/http/not-found";

type Dataset = Awaited<ReturnType<typeof loadDataset>>;

function requireTable(dataset: Dataset, name: string): TableMeta {
  const table = tableByName(dataset, name);
  if (!table) throw notFound("table", name, dataset.name);
  return table;
}

/** A column by sqlName, else by display name (case-insensitively), as people type either. */
function requireColumn(table: TableMeta, name: string): ColumnMeta {
  const col =
    table.columns.find((c) => c.sqlName === name) ??
    table.columns.find((c) => c.name === name) ??
    table.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!col) throw notFound("column", name, table.name);
  return col;
}

const shown = (d: ShownDescription | undefined): Description | null =>
  d ? { text: d.text, edited: d.edited, generated: d.generated } : null;

/** POST /index: queue a new run (202); the dataset page follows it through GET /api/datasets/:id. */
export async function requestIndexing(id: string) {
  await loadDataset(id);
  scheduleIndexing(id);
  return getIndexStatus(id);
}

/** DELETE /index: stops the dataset's waiting or running indexing at once; the index being served stays. */
export async function cancelDatasetIndexing(id: string) {
  await loadDataset(id);
  const cancelled = cancelIndexing(id);
  return { cancelled, index: await getIndexStatus(id) };
}

/** GET /columns: every table and column with its profile and description (edits win). */
export async function listColumns(id: string): Promise<ColumnsResponse> {
  const dataset = await loadDataset(id);
  const generation = await currentGeneration(id);
  const [profiles, descriptions] = await Promise.all([
    generation === null ? new Map() : readProfiles(id, generation),
    readDescriptions(id, generation),
  ]);
  return {
    generation,
    tables: dataset.tables.map((t) => ({
      table: t.name,
      rowCount: t.rowCount,
      description: shown(descriptions.get(columnKey(t.name, ""))),
      columns: t.columns.map((c) => ({
        column: c.sqlName,
        name: c.name,
        type: c.type,
        isPrimaryKey: c.isPrimaryKey,
        expandedName: descriptions.get(columnKey(t.name, c.sqlName))?.expandedName ?? null,
        profile: profiles.get(columnKey(t.name, c.sqlName)) ?? null,
        description: shown(descriptions.get(columnKey(t.name, c.sqlName))),
      })),
    })),
  };
}

/** PATCH /descriptions: a user's text for a table (no column) or column; null puts the generated one back. */
export async function editDescription(id: string, body: { table: string; column?: string; text: string | null }) {
  const dataset = await loadDataset(id);
  const table = requireTable(dataset, body.table);
  const column = body.column === undefined ? "" : requireColumn(table, body.column).sqlName;
  await writeDescriptionEdit(id, table.name, column, body.text);
  const d = (await readDescriptions(id, await currentGeneration(id))).get(columnKey(table.name, column));
  return {
    table: table.name,
    column: column || null,
    description: shown(d) ?? { text: "", edited: false, generated: null },
  };
}

/**
 * GET /joins: the current generation's candidates with the learned scorer's probability and whether
 * each passes (declared keys first, then most probable first), ω's parts named as in FGTR eq. 3.
 */
export async function listJoins(id: string) {
  const dataset = await loadDataset(id);
  const generation = await currentGeneration(id);
  const [stored, profiles, edges] = await Promise.all([
    generation === null ? [] : readJoins(id, generation),
    generation === null ? new Map() : readProfiles(id, generation),
    listSchemaEdges(id),
  ]);
  const model = joinScorer();
  const joins = scoredJoins(stored, dataset.tables, profiles, model);
  const graph = composeSchemaGraph({ tables: dataset.tables, joins, profiles, edges });
  const review = reviewedJoins(graph, joins, edges, model.threshold);
  return {
    generation,
    threshold: model.threshold,
    counts: review.counts,
    joins: review.joins.map((j, rank) => ({
      rank: rank + 1,
      ...j,
      probability: j.probability ?? null,
      passes: j.passes ?? false,
      s: j.semantic,
      j: j.jaccard,
      u: Math.max(j.uniquenessFrom, j.uniquenessTo),
    })),
  };
}

/** GET /cells/search: hits from the current generation; 409 while no index is complete. */
export async function searchCellsOf(id: string, q: { q: string; table?: string; column?: string; limit: number }) {
  const dataset = await loadDataset(id);
  let columns: ColumnRef[] | undefined;
  if (q.table) {
    const table = requireTable(dataset, q.table);
    const cols = q.column ? [requireColumn(table, q.column)] : table.columns;
    columns = cols.map((c) => ({ table: table.name, column: c.sqlName }));
  } else if (q.column) {
    const want = q.column.toLowerCase();
    columns = dataset.tables.flatMap((t) =>
      t.columns
        .filter((c) => c.sqlName.toLowerCase() === want || c.name.toLowerCase() === want)
        .map((c) => ({ table: t.name, column: c.sqlName })),
    );
  }
  const result = await searchDatasetCells(id, { q: q.q, columns, limit: q.limit });
  if (!result)
    throw new HttpError(
      "index_not_ready",
      `The cell index of "${dataset.name}" is not built yet; it appears when indexing completes (see the ` +
        `dataset's index status).`,
      409,
    );
  return {
    generation: result.generation,
    hits: result.hits.map((h) => ({
      table: h.table,
      column: h.column,
      value: h.value,
      score: h.score,
      rowCount: h.rowCount,
      similarity: h.similarity,
      match: h.match,
      rowIds: h.rowIds,
    })),
  };
}
