"use client";

import { useTable, type SortingState } from "@tanstack/react-table";
import { useEffect, useMemo, useState } from "react";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { RowsQuery } from "@/components/api/endpoints";
import type { GridRow } from "@/components/api/types";
import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { GridBody } from "./GridBody";
import { GridHeader } from "./GridHeader";
import { buildColumns, gridFeatures, ROW_HEIGHT } from "./gridModel";
import type { GridCol } from "./GridRows";
import { GridToolbar } from "./GridToolbar";
import { layoutHeaderCells } from "./headerLayout";
import { useRowPages } from "./useRowPages";

/** Rows live on the server; the table model only carries columns, sizing and sort state. */
const NO_ROWS: GridRow[] = [];
/** Browsers stop laying out elements somewhere past 33M px (Chromium) — stay below it. */
const MAX_VIRTUAL_ROWS = Math.floor(30_000_000 / ROW_HEIGHT);

export function DataGrid({ datasetId, table }: { datasetId: string; table: TableMeta }) {
  const columns = useMemo(() => buildColumns(table, datasetId), [table, datasetId]);
  const [sorting, setSorting] = useState<SortingState>([]);
  // State rather than a ref: the body's virtualiser must see the element on its first layout effect,
  // which runs before a parent's ref is attached.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  const grid = useTable({
    features: gridFeatures,
    columns,
    data: NO_ROWS,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
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
    }),
    [datasetId, table.name, sortColumn, sortDir],
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
    () => headers.map((h) => ({ id: h.column.id, width: h.getSize(), meta: h.column.columnDef.meta })),
    // Recomputed only when a width changes, so memoised rows survive page loads.
    [widthKey, columns],
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
      />
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
        {pages.total === 0 ? <p className="px-4 py-10 text-center text-zinc-500">This table has no rows.</p> : null}
      </div>
    </div>
  );
}
