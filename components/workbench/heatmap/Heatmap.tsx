"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useState } from "react";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";
import type { GridRow } from "@/components/api/types";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { cellState, type HeatTable } from "../model/heatmap";
import type { HeatRows } from "../hooks/useHeatRows";
import { useScrollToAnswer } from "./useScrollToAnswer";
import { ANSWER_OUTLINE, CELL_CLASS, GOLD_RING, headerBackground } from "./colors";
import { isNumeric, shownValue } from "@/components/table/gridModel";

const ROW_H = 24;
const ID_W = 64;
const MAX_COLUMNS = 60;

/** The columns to draw: table order, the run's columns kept when a very wide table must be cut. */
function pickColumns(table: TableMeta, heat: HeatTable): ColumnMeta[] {
  if (table.columns.length <= MAX_COLUMNS) return table.columns;
  const wanted = table.columns.filter((c) => heat.selected.has(c.sqlName) || heat.frequency.has(c.sqlName));
  const rest = table.columns.filter((c) => !wanted.includes(c)).slice(0, Math.max(0, MAX_COLUMNS - wanted.length));
  return table.columns.filter((c) => wanted.includes(c) || rest.includes(c));
}

const widthOf = (c: ColumnMeta) => (c.type === "text" ? 150 : 96);

/**
 * One table of the run as a heatmap: headers tinted by vote frequency, retrieved cells green
 * (dark for constrained columns, light for dependent ones), answer cells outlined. Rows are
 * virtualised, so "all rows" of a million-row table scrolls like the data grid.
 */
export function Heatmap({
  table,
  heat,
  rows,
  retrieved,
}: {
  table: TableMeta;
  heat: HeatTable;
  rows: HeatRows;
  retrieved: ReadonlySet<number>;
}) {
  const columns = useMemo(() => pickColumns(table, heat), [table, heat]);
  const index = useMemo(() => new Map(table.columns.map((c, i) => [c.sqlName, i])), [table]);
  const template = `${ID_W}px ${columns.map((c) => `${widthOf(c)}px`).join(" ")}`;
  const width = ID_W + columns.reduce((s, c) => s + widthOf(c), 0);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.count,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_H,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? -1;
  const last = items.at(-1)?.index ?? -1;
  const { request } = rows;
  useEffect(() => {
    if (first >= 0) request(Math.max(0, first - 40), last + 40);
  }, [first, last, request]);
  const answerAt = useScrollToAnswer({ scroller, virtualizer, rows, heat, columns, widthOf, idWidth: ID_W });

  return (
    <div className="space-y-1">
      {rows.error ? <ErrorPanel title="Could not load rows">{rows.error}</ErrorPanel> : null}
      <div
        ref={setScroller}
        data-testid="heatmap"
        data-table={table.name}
        data-rows={rows.count}
        data-answer-row={answerAt ?? undefined}
        className="relative max-h-[26rem] overflow-auto rounded-md border border-zinc-200 bg-white text-[11px]"
        role="grid"
        aria-label={`Heatmap of ${table.name}`}
      >
        <div
          className="sticky top-0 z-10 grid border-b border-zinc-300"
          style={{ gridTemplateColumns: template, width }}
          role="row"
        >
          <div
            className="sticky left-0 z-10 bg-zinc-100 px-1.5 py-1 text-right font-medium text-zinc-400"
            role="columnheader"
          >
            rowid
          </div>
          {columns.map((c) => {
            const f = heat.frequency.get(c.sqlName) ?? 0;
            const role = heat.roles.get(c.sqlName);
            return (
              <div
                key={c.sqlName}
                role="columnheader"
                data-testid="heatmap-header"
                data-column={c.sqlName}
                data-frequency={f}
                title={
                  `${c.name}: voted in ${Math.round(f * 100)}% of ` +
                  `rounds${role ? ` · ${role}` : ""}${heat.selected.has(c.sqlName) ? " · in the sub-table" : ""}`
                }
                style={{ background: headerBackground(f) }}
                className={
                  `border-r border-white/60 px-1.5 py-1 leading-tight break-words ` +
                  `font-semibold ${f >= 0.7 ? "text-white" : "text-zinc-700"}`
                }
              >
                {heat.selected.has(c.sqlName) ? "● " : ""}
                {c.name}
              </div>
            );
          })}
        </div>
        <div className="relative" style={{ height: virtualizer.getTotalSize(), width }}>
          {items.map((item) => {
            const row = rows.getRow(item.index);
            return (
              <HeatRow
                key={item.key}
                row={row}
                top={item.start}
                template={template}
                width={width}
                columns={columns}
                index={index}
                heat={heat}
                retrieved={retrieved}
              />
            );
          })}
        </div>
        {rows.count === 0 ? (
          <p className="px-3 py-6 text-center text-zinc-400">No rows retrieved from this table.</p>
        ) : null}
      </div>
    </div>
  );
}

function HeatRow({
  row,
  top,
  template,
  width,
  columns,
  index,
  heat,
  retrieved,
}: {
  row: GridRow | undefined;
  top: number;
  template: string;
  width: number;
  columns: ColumnMeta[];
  index: Map<string, number>;
  heat: HeatTable;
  retrieved: ReadonlySet<number>;
}) {
  const style = { transform: `translateY(${top}px)`, gridTemplateColumns: template, width, height: ROW_H };
  if (!row)
    return <div className="absolute top-0 left-0 grid animate-pulse bg-zinc-50" style={style} aria-busy="true" />;
  const rowId = row.rowId ?? -1;
  return (
    <div
      role="row"
      data-testid="heatmap-row"
      data-row-id={rowId}
      className="absolute top-0 left-0 grid border-b border-zinc-100"
      style={style}
    >
      <div className="sticky left-0 bg-zinc-50 px-1.5 text-right leading-6 text-zinc-400 tabular-nums">{rowId}</div>
      {columns.map((c) => {
        const state = cellState(heat, retrieved, rowId, c.sqlName);
        const value = shownValue(c, row.values[index.get(c.sqlName) ?? -1] ?? null);
        const gold = heat.goldCells?.has(`${rowId} ${c.sqlName}`) ?? false;
        return (
          <div
            key={c.sqlName}
            role="gridcell"
            data-testid="heatmap-cell"
            data-state={state}
            data-column={c.sqlName}
            data-gold={gold ? "true" : undefined}
            className={[
              "truncate border-r border-zinc-100 px-1.5 leading-6",
              CELL_CLASS[state],
              state === "answer" ? ANSWER_OUTLINE : "",
              gold ? GOLD_RING : "",
              typeof value === "number" || isNumeric(c) ? "text-right tabular-nums" : "",
            ].join(" ")}
            title={value === null ? "null" : String(value)}
          >
            {heat.visits?.has(`${rowId} ${c.sqlName}`) ? (
              <span
                data-testid="heatmap-step"
                className="mr-1 rounded bg-indigo-600 px-1 text-[10px] font-semibold text-white"
              >
                {heat.visits.get(`${rowId} ${c.sqlName}`)}
              </span>
            ) : null}
            {value === null ? <span className="text-zinc-300 italic">null</span> : String(value)}
          </div>
        );
      })}
    </div>
  );
}
