"use client";

import { useQuery } from "@tanstack/react-query";
import { type ColumnFiltersState, type SortingState, type Updater, useTable } from "@tanstack/react-table";
import { useEffect, useMemo, useRef, useState } from "react";
import type { TableMeta } from "@/lib/core/model/dataset";
import { filterText, type GridFilter } from "@/lib/core/model/grid-filter";
import { messageOf } from "@/components/api/client";
import { getFacet, type RowsQuery, tableExportUrl } from "@/components/api/endpoints";
import { queryKeys } from "@/components/api/queryKeys";
import type { CellValue, GridRow } from "@/components/api/types";
import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { GridBody } from "./GridBody";
import { GridHeader } from "./GridHeader";
import { FilterPanel } from "./FilterPanel";
import { buildColumns, gridFeatures, ROW_HEIGHT } from "./gridModel";
import type { GridCol } from "./GridRows";
import { GridToolbar } from "./GridToolbar";
import { layoutHeaderCells } from "./headerLayout";
import { useRowPages } from "./useRowPages";

/** Rows live on the server; the table model only carries columns, sizing and sort state. */
const NO_ROWS: GridRow[] = [];
/** Browsers stop laying out elements somewhere past 33M px (Chromium) — stay below it. */
const MAX_VIRTUAL_ROWS = Math.floor(30_000_000 / ROW_HEIGHT);

/** Where a foreign-key cell leads: the referenced table, filtered to the key's value. */
export type OpenRow = (table: string, column: string, value: string) => void;

interface DataGridProps {
  datasetId: string;
  table: TableMeta;
  /** The column filters (kept by the page, in its URL) and what to do when they change. */
  filters?: readonly GridFilter[];
  onFiltersChange?: (filters: GridFilter[]) => void;
  /** The sort (kept by the page, in its URL) and what to do when it changes; without them it is local state. */
  sort?: { column: string; dir: "asc" | "desc" } | null;
  onSortChange?: (sort: { column: string; dir: "asc" | "desc" } | null) => void;
  /** Follows a foreign-key cell to the row it names; without it the cell is plain text. */
  onOpenRow?: OpenRow;
  rowHref?: (table: string, column: string, value: string) => string;
}

const NO_FILTERS: readonly GridFilter[] = [];

export function DataGrid(props: DataGridProps) {
  const { datasetId, table, filters = NO_FILTERS, onFiltersChange, onOpenRow, rowHref, onSortChange } = props;
  const columns = useMemo(() => buildColumns(table, datasetId), [table, datasetId]);
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  // A sort in the URL naming no column of this table (an old link) is no sort.
  const urlColumn = table.columns.some((c) => c.sqlName === props.sort?.column) ? props.sort?.column : undefined;
  const urlDesc = props.sort?.dir === "desc";
  const urlSorting = useMemo<SortingState>(
    () => (urlColumn ? [{ id: urlColumn, desc: urlDesc }] : []),
    [urlColumn, urlDesc],
  );
  const sorting = onSortChange ? urlSorting : localSorting;
  const setSorting = (updater: Updater<SortingState>) => {
    const next = typeof updater === "function" ? updater(sorting) : updater;
    if (!onSortChange) return setLocalSorting(next);
    onSortChange(next[0] ? { column: next[0].id, dir: next[0].desc ? "desc" : "asc" } : null);
  };
  const columnFilters = useMemo<ColumnFiltersState>(() => filters.map((f) => ({ id: f.column, value: f })), [filters]);
  const setColumnFilters = (updater: Updater<ColumnFiltersState>) => {
    const next = typeof updater === "function" ? updater(columnFilters) : updater;
    onFiltersChange?.(next.map((c) => c.value as GridFilter).filter((f) => f?.column));
  };
  const [filterColumn, setFilterColumn] = useState<string | null>(null);
  const filtersKey = JSON.stringify(filters);
  const facet = useQuery({
    queryKey: queryKeys.facet(datasetId, table.name, filterColumn ?? "", filtersKey),
    queryFn: ({ signal }) => getFacet(datasetId, table.name, filterColumn!, filters, signal),
    enabled: filterColumn !== null,
  });
  const facets = useMemo(
    () =>
      new Map(
        facet.data
          ? [[facet.data.column, new Map<CellValue, number>(facet.data.values.map((v) => [v.value, v.count]))]]
          : [],
      ),
    [facet.data],
  );
  // Followed through a ref so the memoised rows need not re-render when the page's callback changes.
  const follow = useRef({ onOpenRow, rowHref });
  follow.current = { onOpenRow, rowHref };
  // State rather than a ref: the body's virtualiser must see the element on its first layout effect,
  // which runs before a parent's ref is attached.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  const grid = useTable({
    features: gridFeatures,
    columns,
    data: NO_ROWS,
    state: { sorting, columnFilters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    manualSorting: true,
    manualFiltering: true,
    meta: { facets },
    enableMultiSort: false,
    sortDescFirst: false,
    columnResizeMode: "onChange",
  });

  const sort = sorting[0];
  const sortColumn = sort?.id;
  const sortDir = sort ? (sort.desc ? "desc" : "asc") : undefined;
  const query = useMemo<RowsQuery>(
    () => ({
      datasetId,
      tableName: table.name,
      sort: sortColumn && sortDir ? { column: sortColumn, dir: sortDir } : null,
      filters,
    }),
    [datasetId, table.name, sortColumn, sortDir, filters],
  );
  const pages = useRowPages(query, table.rowCount);

  // A new order starts at its first row. The body is also keyed by the query: a fresh virtualiser computes
  // its first range from the top instead of fetching pages at the old scroll position.
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    scrollElement?.scrollTo({ top: 0 });
  }, [query, scrollElement]);

  const headers = grid.getHeaderGroups()[0]?.headers ?? [];
  const widthKey = headers.map((h) => h.getSize()).join(",");
  const cols = useMemo<GridCol[]>(
    () =>
      headers.map((h) => {
        const meta = h.column.columnDef.meta;
        const ref = onOpenRow ? meta?.references : undefined;
        const link = ref
          ? {
              href: (value: string) => follow.current.rowHref?.(ref.table, ref.column, value) ?? "#",
              open: (value: string) => follow.current.onOpenRow?.(ref.table, ref.column, value),
              table: ref.table,
            }
          : undefined;
        return { id: h.column.id, width: h.getSize(), meta, link };
      }),
    // Recomputed only when a width changes, so memoised rows survive page loads.
    [widthKey, columns, !!onOpenRow],
  );
  const width = cols.reduce((sum, c) => sum + c.width, 0);
  const template = cols.map((c) => `${c.width}px`).join(" ");
  const layoutCells = useMemo(
    () => (table.layout ? layoutHeaderCells(table.layout, table.columns.length) : []),
    [table.layout, table.columns.length],
  );
  const layoutRowCount = table.layout?.headerRows.length ?? 0;
  const count = Math.min(pages.total, MAX_VIRTUAL_ROWS);
  const sortedName = sortColumn ? table.columns.find((c) => c.sqlName === sortColumn)?.name : undefined;

  return (
    <div className="flex h-[max(24rem,calc(100vh-16rem))] min-w-0 flex-col gap-2">
      <GridToolbar
        total={pages.total}
        shown={count}
        loading={pages.loading}
        sortedBy={sortedName && sortDir ? { name: sortedName, dir: sortDir } : null}
        onClearSort={() => setSorting([])}
        filters={filters.map((f) => ({
          column: f.column,
          text: filterText(f, table.columns.find((c) => c.sqlName === f.column)?.name ?? f.column),
        }))}
        onRemoveFilter={(column) => grid.getColumn(column)?.setFilterValue(undefined)}
        onClearFilters={() => grid.resetColumnFilters()}
        exportHref={tableExportUrl(query)}
      />
      {filterColumn && grid.getColumn(filterColumn) ? (
        <FilterPanel
          key={filterColumn}
          column={grid.getColumn(filterColumn)!}
          facet={{ data: facet.data, error: facet.error ? messageOf(facet.error) : null, loading: facet.isFetching }}
          onClose={() => setFilterColumn(null)}
        />
      ) : null}
      {pages.error ? (
        <ErrorPanel
          title="Could not load rows"
          testId="grid-error"
          action={
            <Button size="sm" onClick={pages.retry}>
              Retry
            </Button>
          }
        >
          {pages.error}
        </ErrorPanel>
      ) : null}
      <div
        ref={setScrollElement}
        data-testid="data-grid"
        data-total-rows={pages.total}
        role="region"
        aria-label={`Rows of ${table.name}`}
        tabIndex={0}
        className="relative min-h-0 flex-1 overflow-auto rounded-md border border-zinc-200 bg-white shadow-sm"
      >
        <table
          role="grid"
          aria-rowcount={layoutRowCount + 1 + pages.total}
          aria-colcount={cols.length}
          className="block border-separate border-spacing-0"
          style={{ width }}
        >
          <GridHeader
            headers={headers}
            layoutCells={layoutCells}
            layoutRowCount={layoutRowCount}
            template={template}
            width={width}
            filterColumn={filterColumn}
            onOpenFilter={(id) => setFilterColumn((open) => (open === id ? null : id))}
          />
          {scrollElement ? (
            <GridBody
              key={queryKey}
              scrollElement={scrollElement}
              count={count}
              cols={cols}
              width={width}
              headerRowCount={layoutRowCount + 1}
              pages={pages}
            />
          ) : null}
        </table>
        {pages.total === 0 ? (
          <p className="px-4 py-10 text-center text-zinc-500">
            {filters.length ? "No rows pass the filters." : "This table has no rows."}
          </p>
        ) : null}
      </div>
    </div>
  );
}
