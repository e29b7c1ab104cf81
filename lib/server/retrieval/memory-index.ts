import "server-only";
import { buildCellIndex, type CellIndex } from "@/lib/core/index/cell-index";
import { describeColumn } from "@/lib/core/index/describe-column";
import { describeTable } from "@/lib/core/index/describe-table";
import { discoverJoins, type JoinColumn } from "@/lib/core/index/join-discovery";
import { profileColumn } from "@/lib/core/index/profile";
import { buildSchemaGraph } from "@/lib/core/index/schema-graph";
import { columnKey } from "@/lib/core/model/column-ref";
import { valueSketch } from "@/lib/core/index/value-sketch";
import { bruteForceIndexFactory } from "@/lib/core/index/vector-index";
import type { DatasetDetail, TableMeta } from "@/lib/core/model/dataset";
import type { ColumnProfile, SchemaGraph } from "@/lib/core/model/index-types";
import type { RetrievalSchema, RetrievalTable } from "@/lib/core/retrieval/ports";
import { createHashedEncoder } from "@/lib/core/text/hashed-encoder";
import { loadEnglishLexicon } from "@/lib/core/text/lexicon";
import type { DatasetStorage } from "@/db/schema";
import { datasetFiles, runCheckedSql } from "@/lib/server/sql";

/** What the retrieval methods read from a dataset's offline index. */
export type RetrievalIndex = { schema: RetrievalSchema; graph: SchemaGraph; cells: CellIndex };

/** Distinct values per text column indexed with their row ids; larger columns keep counts only. */
const ROW_ID_LIMIT = 200_000;

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function sqlRefOf(t: Pick<TableMeta, "schemaName" | "sqlName">): string {
  return `${quote(t.schemaName)}.${quote(t.sqlName)}`;
}

/** Rows of a table read into the temporary index, and of a view (which may never end). */
const TABLE_ROWS = 500_000;
const VIEW_ROWS = 10_000;
/** Hard limit of one read; reads run in an SQL worker, never on the event loop. */
const READ_MS = 30_000;

type Files = ReturnType<typeof datasetFiles>;

/** The table as read: a view through a bounded sample of its rows. */
const source = (t: TableMeta) =>
  t.isView ? `(SELECT * FROM ${sqlRefOf(t)} LIMIT ${VIEW_ROWS}) AS sampled` : sqlRefOf(t);

async function read(files: Files, sql: string, maxRows: number): Promise<unknown[][]> {
  return (await runCheckedSql(files, sql, { internal: true, maxRows, timeoutMs: READ_MS })).rows;
}

async function columnValues(files: Files, t: TableMeta, column: string): Promise<unknown[]> {
  return (await read(files, `SELECT ${quote(column)} AS v FROM ${source(t)}`, t.isView ? VIEW_ROWS : TABLE_ROWS)).map(
    (r) => r[0],
  );
}

async function textValues(
  files: Files,
  t: TableMeta,
  column: string,
): Promise<Array<{ value: string; rowCount: number; rowIds?: number[] }>> {
  const withIds = t.rowCount <= ROW_ID_LIMIT && !t.isView;
  const sql = withIds
    ? `SELECT CAST(${quote(column)} AS TEXT), count(*), group_concat(rowid) ` +
      `FROM ${source(t)} WHERE ${quote(column)} IS NOT NULL GROUP BY 1`
    : `SELECT CAST(${quote(column)} AS TEXT), count(*) FROM ${source(t)} WHERE ${quote(column)} IS NOT NULL GROUP BY 1`;
  return (await read(files, sql, TABLE_ROWS)).map((r) => ({
    value: String(r[0]),
    rowCount: Number(r[1]),
    ...(withIds ? { rowIds: String(r[2]).split(",").map(Number) } : {}),
  }));
}

/**
 * Builds the retrieval index of a stored dataset in memory, with the core index algorithms:
 * profiles, local descriptions, join discovery, the schema graph and a cell index over the text
 * columns (hashed encoder). A stand-in until the persisted index of lib/server/index is read.
 */
export async function buildMemoryIndex(
  datasetId: string,
  detail: DatasetDetail & { storage: DatasetStorage },
): Promise<RetrievalIndex> {
  const isWord = await loadEnglishLexicon();
  const encoder = createHashedEncoder();
  const profiles = new Map<string, ColumnProfile>();
  const joinColumns: JoinColumn[] = [];
  const cellInputs: Array<{
    table: string;
    column: string;
    values: Array<{ value: string; rowCount: number; rowIds?: number[] }>;
  }> = [];
  const tables: RetrievalTable[] = [];
  const files = datasetFiles(datasetId, detail.storage);
  for (const t of detail.tables) {
    const columns: RetrievalTable["columns"] = [];
    for (const c of t.columns) {
      const values = await columnValues(files, t, c.sqlName);
      const profile = profileColumn(c.type, values as never[], t.rowCount);
      profiles.set(columnKey(t.name, c.sqlName), profile);
      const described = describeColumn(t.name, c, profile, { isWord });
      columns.push({
        column: c.sqlName,
        name: c.name,
        type: c.type,
        isPrimaryKey: c.isPrimaryKey,
        expandedName: described.expandedName,
        description: described.description,
        profile,
      });
      joinColumns.push({
        table: t.name,
        column: c.sqlName,
        name: c.name,
        type: c.type,
        description: described.description,
        uniqueness: profile.uniqueness,
        sketch: valueSketch(values),
      });
      if (c.type === "text" || c.type === "date")
        cellInputs.push({ table: t.name, column: c.sqlName, values: await textValues(files, t, c.sqlName) });
    }
    const td = describeTable(t, [], { isWord });
    tables.push({
      name: t.name,
      sqlRef: sqlRefOf(t),
      rowCount: t.rowCount,
      hasRowId: !t.isView,
      isView: t.isView,
      expandedName: td.expandedName,
      description: td.description,
      columns,
    });
  }
  const joins = await discoverJoins(joinColumns, { encoder, isWord });
  const graph = buildSchemaGraph({ tables: detail.tables, joins, profiles });
  const { index } = await buildCellIndex(cellInputs, { encoder, createIndex: bruteForceIndexFactory });
  // Primary keys inferred by the graph count as keys for schema filling too.
  for (const n of graph.nodes) {
    if (!n.isPrimaryKey) continue;
    const col = tables.find((t) => t.name === n.table)?.columns.find((c) => c.column === n.column);
    if (col) col.isPrimaryKey = true;
  }
  return { schema: { tables }, graph, cells: index };
}
