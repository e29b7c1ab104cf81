"use client";

import type { Header } from "@tanstack/react-table";
import type { GridRow } from "@/components/api/types";
import { isNumeric, ROW_NUMBER_ID, type gridFeatures } from "./gridModel";
import type { LayoutHeaderCell } from "./headerLayout";
import { TypeBadge } from "./TypeBadge";

type GridHeaderType = Header<typeof gridFeatures, GridRow, unknown>;

interface GridHeaderProps {
  headers: GridHeaderType[];
  layoutCells: LayoutHeaderCell[];
  layoutRowCount: number;
  template: string;
  width: number;
  /** The column whose filter panel is open, and how to open (or close) one. */
  filterColumn: string | null;
  onOpenFilter: (columnId: string) => void;
}

const cellBase = "border-r border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-700";

/**
 * Header rows as one CSS grid so sheet merges can span rows and columns; <tr> is display:contents
 * so every <th> is a grid item. colSpan/rowSpan stay on the elements for assistive tech and tests.
 */
export function GridHeader(props: GridHeaderProps) {
  const { headers, layoutCells, layoutRowCount, template, width, filterColumn, onOpenFilter } = props;
  const leafRow = layoutRowCount + 1;
  return (
    <thead role="rowgroup" className="sticky top-0 z-20 grid" style={{ gridTemplateColumns: template, width }}>
      {Array.from({ length: layoutRowCount }, (_, r) => (
        <tr key={r} role="row" aria-rowindex={r + 1} className="contents">
          {r === 0 ? <CornerCell rowSpan={layoutRowCount + 1} /> : null}
          {layoutCells
            .filter((cell) => cell.row === r)
            .map((cell) => (
              <th
                key={cell.key}
                role="columnheader"
                scope="colgroup"
                colSpan={cell.colSpan}
                rowSpan={cell.rowSpan}
                data-testid={cell.merged ? "merged-header-cell" : "layout-header-cell"}
                title={cell.text}
                style={{
                  gridColumn: `${cell.col + 2} / span ${cell.colSpan}`,
                  gridRow: `${cell.row + 1} / span ${cell.rowSpan}`,
                }}
                className={
                  `${cellBase} flex min-h-6 items-center truncate px-2 ` +
                  `font-medium ${cell.merged ? "justify-center text-center" : ""}`
                }
              >
                <span className="truncate">{cell.text}</span>
              </th>
            ))}
        </tr>
      ))}
      <tr role="row" aria-rowindex={leafRow} className="contents">
        {layoutRowCount === 0 ? <CornerCell rowSpan={1} /> : null}
        {headers
          .filter((h) => h.column.id !== ROW_NUMBER_ID)
          .map((header, i) => (
            <LeafHeaderCell
              key={header.id}
              header={header}
              gridColumn={i + 2}
              gridRow={leafRow}
              filterOpen={filterColumn === header.column.id}
              onOpenFilter={onOpenFilter}
            />
          ))}
      </tr>
    </thead>
  );
}

function CornerCell({ rowSpan }: { rowSpan: number }) {
  return (
    <th
      role="columnheader"
      rowSpan={rowSpan}
      style={{ gridColumn: 1, gridRow: `1 / span ${rowSpan}` }}
      className={`${cellBase} sticky left-0 z-10 flex items-end justify-end px-2 pb-1.5 font-medium text-zinc-400`}
    >
      <span aria-label="Row number">#</span>
    </th>
  );
}

function LeafHeaderCell({
  header,
  gridColumn,
  gridRow,
  filterOpen,
  onOpenFilter,
}: {
  header: GridHeaderType;
  gridColumn: number;
  gridRow: number;
  filterOpen: boolean;
  onOpenFilter: (columnId: string) => void;
}) {
  const meta = header.column.columnDef.meta;
  const sorted = header.column.getIsSorted();
  const numeric = isNumeric(meta?.column);
  const resize = header.getResizeHandler();
  const name = meta?.column.name ?? header.column.id;
  const next = header.column.getNextSortingOrder();
  return (
    <th
      role="columnheader"
      scope="col"
      data-testid="grid-header-cell"
      data-column={name}
      data-sql-name={header.column.id}
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
      style={{ gridColumn, gridRow }}
      className={`${cellBase} relative h-11 p-0 text-left`}
    >
      <button
        type="button"
        onClick={header.column.getToggleSortingHandler()}
        title={`${name} — ${next ? `sort ${next === "asc" ? "ascending" : "descending"}` : "clear sort"}`}
        className={
          `flex h-full w-full flex-col justify-center gap-1 px-2 hover:bg-zinc-100 ` +
          `focus-visible:outline-offset-[-2px] ${numeric ? "items-end" : "items-start"}`
        }
      >
        <span className={`flex max-w-full items-center gap-1 ${numeric ? "flex-row-reverse" : ""}`}>
          <span className="truncate font-semibold text-zinc-800">{name}</span>
          <SortIcon dir={sorted} />
        </span>
        {meta ? <TypeBadge type={meta.column.type} reason={meta.column.typing?.reason} /> : null}
      </button>
      {header.column.getCanFilter() ? (
        <button
          type="button"
          data-testid="column-filter-button"
          aria-label={`Filter ${name}`}
          aria-expanded={filterOpen}
          title={`Filter ${name}`}
          onClick={() => onOpenFilter(header.column.id)}
          className={
            `absolute top-1 z-10 rounded p-0.5 hover:bg-zinc-200 ${numeric ? "left-1" : "right-2"} ` +
            (header.column.getIsFiltered() || filterOpen ? "text-indigo-600" : "text-zinc-400")
          }
        >
          <svg aria-hidden viewBox="0 0 12 12" className="size-3 fill-current">
            <path d="M1 2h10L7.2 6.6V10.5L4.8 9.3V6.6z" />
          </svg>
        </button>
      ) : null}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${name}`}
        onMouseDown={resize}
        onTouchStart={resize}
        onDoubleClick={() => header.column.resetSize()}
        className={
          `absolute top-0 right-0 z-10 h-full w-1.5 cursor-col-resize touch-none select-none ` +
          `hover:bg-indigo-400 ${header.column.getIsResizing() ? "bg-indigo-500" : ""}`
        }
      />
    </th>
  );
}

function SortIcon({ dir }: { dir: false | "asc" | "desc" }) {
  if (!dir) return null;
  return (
    <svg aria-hidden viewBox="0 0 12 12" className="size-3 shrink-0 fill-indigo-600" data-sort={dir}>
      {dir === "asc" ? <path d="M6 2.5 10 8H2z" /> : <path d="M6 9.5 2 4h8z" />}
    </svg>
  );
}
