"use client";

import { useRef, type KeyboardEvent } from "react";
import type { TableMeta } from "@/lib/core/model/dataset";
import { rowCountText, ViewBadge } from "./RowCount";

interface TableListProps {
  tables: TableMeta[];
  selected: string | null;
  onSelect: (name: string) => void;
  panelId: string;
}

/** Vertical tablist with roving focus: arrows move between tables, as in other tab widgets. */
export function TableList({ tables, selected, onSelect, panelId }: TableListProps) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: tables.length - 1 };
    const next = moves[e.key];
    if (next === undefined || tables.length === 0) return;
    e.preventDefault();
    const wrapped = (next + tables.length) % tables.length;
    onSelect(tables[wrapped].name);
    listRef.current?.querySelectorAll<HTMLButtonElement>("[role=tab]")[wrapped]?.focus();
  };

  return (
    <div ref={listRef} role="tablist" aria-orientation="vertical" aria-label="Tables" className="flex flex-col gap-0.5">
      {tables.map((table, i) => {
        const active = table.name === selected;
        return (
          <button
            key={table.name}
            type="button"
            role="tab"
            id={`tab-${i}`}
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            data-testid="table-tab"
            data-table-name={table.name}
            onClick={() => onSelect(table.name)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`flex w-full flex-col rounded-md px-2.5 py-1.5 text-left transition-colors ${
              active ? "bg-indigo-50 text-indigo-900 ring-1 ring-indigo-200" : "text-zinc-700 hover:bg-zinc-100"
            }`}
          >
            <span className="flex min-w-0 items-center gap-1.5">
              <span className="min-w-0 font-medium break-words" title={table.name}>
                {table.name}
              </span>
              <ViewBadge table={table} />
            </span>
            <span className="flex items-center gap-1.5 text-xs text-zinc-500">
              <span className="tabular-nums">{rowCountText(table)}</span>
              <span aria-hidden>·</span>
              <span>{table.source}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
