import { memo } from "react";
import type { CellValue, GridRow } from "@/components/api/types";
import { isNumeric, ROW_HEIGHT, ROW_NUMBER_ID, type GridColumnMeta } from "./gridModel";

export interface GridCol {
  id: string;
  width: number;
  meta: GridColumnMeta | undefined;
  /** A foreign-key column: each value links to the row it names in `table`. */
  link?: { href: (value: string) => string; open: (value: string) => void; table: string };
}

/** A foreign-key cell: its value as written, a link to the row it names. */
function RowLink({ text, link }: { text: string; link: NonNullable<GridCol["link"]> }) {
  return (
    <a
      data-testid="fk-link"
      href={link.href(text)}
      title={`Open the ${link.table} row with this key`}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        link.open(text);
      }}
      className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700"
    >
      {text}
    </a>
  );
}

interface RowProps {
  index: number;
  ariaRowIndex: number;
  cols: GridCol[];
  width: number;
}

const rowStyle = (index: number, width: number) =>
  ({
    position: "absolute",
    top: 0,
    left: 0,
    transform: `translateY(${index * ROW_HEIGHT}px)`,
    display: "flex",
    width,
    height: ROW_HEIGHT,
  }) as const;

const cellClass = "flex-none truncate border-r border-b border-zinc-100 px-2 leading-[27px]";

function RowNumber({ index, width }: { index: number; width: number }) {
  return (
    <td
      role="rowheader"
      data-testid="grid-row-number"
      style={{ width }}
      className={
        `${cellClass} sticky left-0 z-[1] border-r-zinc-200 bg-zinc-50 text-right text-xs text-zinc-400 ` +
        `tabular-nums group-hover:bg-indigo-50`
      }
    >
      {index + 1}
    </td>
  );
}

function display(value: CellValue): string {
  return typeof value === "number" ? String(value) : (value ?? "");
}

/** A binary cell: its size (the grid's value) and a link that downloads its bytes. */
function BinaryCell({ bytes, href }: { bytes: number; href: string | null }) {
  const size = `binary, ${bytes.toLocaleString()} byte${bytes === 1 ? "" : "s"}`;
  return (
    <span data-testid="binary-cell" className="text-xs text-rose-700">
      {size}
      {href && (
        <a
          data-testid="binary-download"
          href={href}
          download
          className="ml-1.5 text-indigo-600 underline-offset-2 hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          download
        </a>
      )}
    </span>
  );
}

/** Memoised: while scrolling only rows entering the window render; the others keep their props. */
export const DataRow = memo(function DataRow({ index, ariaRowIndex, cols, width, row }: RowProps & { row: GridRow }) {
  return (
    <tr
      role="row"
      aria-rowindex={ariaRowIndex}
      data-testid="grid-row"
      data-row-index={index}
      data-row-id={row.rowId ?? undefined}
      style={rowStyle(index, width)}
      className="group bg-white hover:bg-indigo-50/60"
    >
      {cols.map((col) => {
        if (col.id === ROW_NUMBER_ID || !col.meta) return <RowNumber key={col.id} index={index} width={col.width} />;
        const value = row.values[col.meta.index] ?? null;
        const { downloadUrl } = col.meta;
        const binary = downloadUrl !== undefined && typeof value === "number";
        const text = binary ? `binary, ${value} bytes` : display(value);
        return (
          <td
            key={col.id}
            role="gridcell"
            data-testid="grid-cell"
            title={text.length > 0 ? text : undefined}
            style={{ width: col.width }}
            className={`${cellClass} ${isNumeric(col.meta.column) ? "text-right tabular-nums" : ""}`}
          >
            {value === null ? (
              <span className="text-xs text-zinc-300 italic">null</span>
            ) : binary ? (
              <BinaryCell bytes={value} href={row.rowId === null ? null : downloadUrl(row.rowId)} />
            ) : col.link ? (
              <RowLink text={text} link={col.link} />
            ) : (
              text
            )}
          </td>
        );
      })}
    </tr>
  );
});

export const PlaceholderRow = memo(function PlaceholderRow({ index, ariaRowIndex, cols, width }: RowProps) {
  return (
    <tr
      role="row"
      aria-rowindex={ariaRowIndex}
      aria-busy="true"
      data-testid="grid-row-placeholder"
      data-row-index={index}
      style={rowStyle(index, width)}
      className="group bg-white"
    >
      {cols.map((col) =>
        col.id === ROW_NUMBER_ID || !col.meta ? (
          <RowNumber key={col.id} index={index} width={col.width} />
        ) : (
          <td key={col.id} role="gridcell" style={{ width: col.width }} className={`${cellClass} py-2.5`}>
            <span
              aria-hidden
              className={`block h-2 animate-[ts-pulse_1.4s_ease-in-out_infinite] rounded-sm bg-zinc-100 ${
                isNumeric(col.meta.column) ? "ml-auto w-1/2" : "w-3/4"
              }`}
            />
          </td>
        ),
      )}
    </tr>
  );
});
