"use client";

import { type UseQueryResult, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { LoadState } from "@/components/index/LoadState";
import { isActive } from "@/components/index/useIndexStatus";
import type { DatasetWithIndex, Description, IndexInfo, TableInfo } from "@/components/index/types";
import { formatNumber } from "@/components/ui/format";
import { ColumnBadges, ColumnDetails } from "./ColumnDetails";
import { withDescription } from "./columnsModel";
import { DescriptionEditor } from "./DescriptionEditor";
import { TableColumnList } from "./TableColumnList";

interface ColumnPanelProps {
  datasetId: string;
  dataset: DatasetWithIndex;
  selection: { table: string; column: string | null };
  onSelect: (table: string, column: string | null) => void;
  columns: UseQueryResult<TableInfo[]>;
  /** The served generation the columns were loaded for (their query key). */
  indexKey: string;
  index: IndexInfo | null;
}

/** The selected table (its description and columns) or column (profile and description). */
export function ColumnPanel({ datasetId, dataset, selection, onSelect, columns, indexKey, index }: ColumnPanelProps) {
  const client = useQueryClient();
  const { table, column } = selection;
  const meta = dataset.tables.find((t) => t.name === table);
  const info = columns.data?.find((t) => t.table === table) ?? null;
  const colMeta = column === null ? undefined : meta?.columns.find((c) => c.sqlName === column);
  const colInfo = column === null ? null : (info?.columns.find((c) => c.column === column) ?? null);
  // The saved description is written into the cached profiles: the server answered with it.
  const saved = (col: string | null) => (d: Description) =>
    client.setQueryData<TableInfo[]>(queryKeys.columns(datasetId, indexKey), (data) =>
      data ? withDescription(data, table, col, d) : data,
    );

  return (
    <aside
      data-testid="column-panel"
      data-table={table}
      data-column={column ?? ""}
      aria-label="Column details"
      className={
        "flex min-w-0 flex-col gap-3 self-start rounded-md border border-zinc-200 bg-white p-3 shadow-sm " +
        "lg:max-h-[calc(100vh-12rem)] lg:overflow-y-auto"
      }
    >
      <header className="min-w-0">
        <p className="flex items-baseline gap-1.5 text-xs text-zinc-500">
          <button
            type="button"
            data-testid="column-panel-table"
            onClick={() => onSelect(table, null)}
            className="truncate font-medium hover:text-indigo-700 hover:underline"
          >
            {table}
          </button>
          {meta ? <span className="shrink-0 tabular-nums">· {formatNumber(meta.rowCount)} rows</span> : null}
        </p>
        <div className="flex items-center gap-2">
          <h3 className="text-base font-semibold break-words text-zinc-900" title={colMeta?.name ?? table}>
            {column === null ? table : (colMeta?.name ?? colInfo?.name ?? column)}
          </h3>
          {column === null ? null : <ColumnBadges meta={colMeta} info={colInfo} />}
        </div>
        {colMeta && colMeta.sqlName !== colMeta.name ? (
          <code className="text-[11px] text-zinc-400">{colMeta.sqlName}</code>
        ) : null}
      </header>
      <LoadState load={columns} index={index} what="column profiles" />
      {column === null ? (
        <>
          <DescriptionEditor
            key={`t|${table}`}
            datasetId={datasetId}
            table={table}
            column={null}
            description={info?.description ?? null}
            onSaved={saved(null)}
            testId="table-description"
          />
          <TableColumnList meta={meta} info={info} onSelect={(c) => onSelect(table, c)} />
        </>
      ) : (
        <ColumnDetails info={colInfo} indexing={isActive(index)}>
          <DescriptionEditor
            key={`c|${table}|${column}`}
            datasetId={datasetId}
            table={table}
            column={column}
            description={colInfo?.description ?? null}
            onSaved={saved(column)}
            testId="column-description"
          />
        </ColumnDetails>
      )}
    </aside>
  );
}
