"use client";

import type { Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState } from "react";
import type { ColumnMeta } from "@/lib/core/model/dataset";
import type { HeatRows } from "../hooks/useHeatRows";
import type { HeatTable } from "../model/heatmap";

/** The first answer cell of a table: lowest row, then leftmost drawn column. */
function firstAnswerCell(heat: HeatTable, columns: ColumnMeta[]): { rowId: number; column: string } | null {
  let best: { rowId: number; column: string; at: number } | null = null;
  for (const key of heat.answerCells) {
    const [row, column] = [Number(key.slice(0, key.indexOf(" "))), key.slice(key.indexOf(" ") + 1)];
    const at = columns.findIndex((c) => c.sqlName === column);
    if (at < 0) continue;
    if (!best || row < best.rowId || (row === best.rowId && at < best.at)) best = { rowId: row, column, at };
  }
  return best ? { rowId: best.rowId, column: best.column } : null;
}

/**
 * Scrolls the heatmap (its own scroller, never the page) once, so the first answer cell is in view:
 * the row by its position among the loaded rows (retrieved rows are in rowid order), or, when the
 * whole table is paged, by its rowid; the column by its offset. Returns the row id aimed at.
 */
export function useScrollToAnswer({
  scroller,
  virtualizer,
  rows,
  heat,
  columns,
  widthOf,
  idWidth,
}: {
  scroller: HTMLDivElement | null;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  rows: HeatRows;
  heat: HeatTable;
  columns: ColumnMeta[];
  widthOf: (c: ColumnMeta) => number;
  idWidth: number;
}): number | null {
  const target = useMemo(() => firstAnswerCell(heat, columns), [heat, columns]);
  const done = useRef(false);
  const [aimed, setAimed] = useState<number | null>(null);
  const firstRow = rows.count > 0 ? rows.getRow(0) : undefined;
  useEffect(() => {
    if (done.current || !scroller || !target || rows.count === 0 || !firstRow) return;
    let index = -1;
    for (let i = 0; i < rows.count && i < 20_000; i++) {
      const row = rows.getRow(i);
      if (!row) break;
      if (row.rowId === target.rowId) {
        index = i;
        break;
      }
    }
    // Paged whole table: rows come in rowid order, so the rowid is the best guess at the position.
    if (index < 0) index = Math.min(rows.count - 1, Math.max(0, target.rowId - 1));
    done.current = true;
    virtualizer.scrollToIndex(index, { align: "center" });
    const at = columns.findIndex((c) => c.sqlName === target.column);
    const left = idWidth + columns.slice(0, at).reduce((s, c) => s + widthOf(c), 0);
    const width = widthOf(columns[at]);
    if (left + width > scroller.scrollLeft + scroller.clientWidth || left < scroller.scrollLeft + idWidth)
      scroller.scrollLeft = Math.max(0, left - idWidth - 24);
    setAimed(target.rowId);
  }, [scroller, target, rows, firstRow, virtualizer, columns, widthOf, idWidth]);
  return aimed;
}
