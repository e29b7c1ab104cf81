"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect } from "react";
import { PAGE_SIZE, ROW_HEIGHT } from "./gridModel";
import { DataRow, PlaceholderRow, type GridCol } from "./GridRows";
import type { RowPages } from "./useRowPages";

interface GridBodyProps {
  scrollElement: HTMLDivElement;
  count: number;
  cols: GridCol[];
  width: number;
  headerRowCount: number;
  pages: RowPages;
}

const estimateSize = () => ROW_HEIGHT;
/** Rows fetched beyond the visible window, so slow scrolling rarely meets a placeholder. */
const PREFETCH_ROWS = 60;

/** Owns the virtualiser so that scrolling re-renders only the body, never the header. */
export function GridBody({ scrollElement, count, cols, width, headerRowCount, pages }: GridBodyProps) {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize,
    overscan: 12,
    // Let React batch scroll updates instead of rendering synchronously in the scroll handler; overscan hides the lag.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const first = items.length > 0 ? items[0].index : -1;
  const last = items.length > 0 ? items[items.length - 1].index : -1;
  const firstPage = first < 0 ? -1 : Math.floor(Math.max(0, first - PREFETCH_ROWS) / PAGE_SIZE);
  const lastPage = last < 0 ? -1 : Math.floor(Math.min(count - 1, last + PREFETCH_ROWS) / PAGE_SIZE);
  const { request } = pages;

  useEffect(() => {
    if (firstPage < 0) return;
    // Dragging the scrollbar across a huge table passes thousands of pages: fetch where it settles.
    const timer = setTimeout(
      () => request(firstPage * PAGE_SIZE, (lastPage + 1) * PAGE_SIZE - 1),
      virtualizer.isScrolling ? 80 : 0,
    );
    return () => clearTimeout(timer);
  }, [firstPage, lastPage, request]);

  return (
    <tbody role="rowgroup" className="relative block" style={{ height: virtualizer.getTotalSize(), width }}>
      {items.map((item) => {
        const row = pages.getRow(item.index);
        const props = { index: item.index, ariaRowIndex: headerRowCount + item.index + 1, cols, width };
        return row ? <DataRow key={item.key} row={row} {...props} /> : <PlaceholderRow key={item.key} {...props} />;
      })}
    </tbody>
  );
}
