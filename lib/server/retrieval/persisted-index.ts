import "server-only";
import { columnKey } from "@/lib/core/model/column-ref";
import type { RetrievalTable } from "@/lib/core/retrieval/ports";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import type { DatasetStorage } from "@/db/schema";
import { openCellIndex } from "@/lib/server/index/cell-searcher";
import { type IndexTables, schemaGraphOf } from "@/lib/server/index/dataset-graph";
import { sqlRefOf, type RetrievalIndex } from "./memory-index";

/**
 * The retrieval view of a dataset's persisted offline index (lib/server/index): profiles, descriptions
 * (a user's edits win), the schema graph with curated edges, and the HNSW cell index of the
 * current generation. Null while no generation is complete.
 */
export async function loadPersistedIndex(
  datasetId: string,
  detail: DatasetDetail & { storage: DatasetStorage },
  indexed: IndexTables,
): Promise<(RetrievalIndex & { generation: number }) | null> {
  const { generation, profiles, descriptions } = indexed;
  if (generation === null) return null;
  const [graph, cells] = await Promise.all([
    schemaGraphOf(datasetId, detail.tables, indexed),
    openCellIndex(datasetId),
  ]);
  if (!cells) return null;
  const keys = new Set(graph.nodes.filter((n) => n.isPrimaryKey).map((n) => n.id));
  const tables: RetrievalTable[] = detail.tables.map((t) => {
    const td = descriptions.get(columnKey(t.name, ""));
    return {
      name: t.name,
      sqlRef: sqlRefOf(t),
      rowCount: t.rowCount,
      hasRowId: !t.isView,
      isView: t.isView,
      ...(td?.expandedName ? { expandedName: td.expandedName } : {}),
      ...(td ? { description: td.text } : {}),
      columns: t.columns.map((c) => {
        const id = columnKey(t.name, c.sqlName);
        const d = descriptions.get(id);
        const profile = profiles.get(id);
        return {
          column: c.sqlName,
          name: c.name,
          type: c.type,
          isPrimaryKey: c.isPrimaryKey || keys.has(id),
          ...(d?.expandedName ? { expandedName: d.expandedName } : {}),
          ...(d ? { description: d.text } : {}),
          ...(profile ? { profile } : {}),
        };
      }),
    };
  });
  return {
    generation: cells.generation,
    schema: { tables },
    graph: { nodes: graph.nodes, edges: graph.edges },
    cells: cells.index,
  };
}
