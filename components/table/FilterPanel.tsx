"use client";

import type { Column } from "@tanstack/react-table";
import { useState } from "react";
import type { CellValue, ColumnFacet, GridRow } from "@/components/api/types";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import type { GridFilter } from "@/lib/core/model/grid-filter";
import type { gridFeatures } from "./gridModel";

type GridColumn = Column<typeof gridFeatures, GridRow, unknown>;

interface FilterPanelProps {
  column: GridColumn;
  facet: { data?: ColumnFacet; error: string | null; loading: boolean };
  onClose: () => void;
}

/** The filter of one column: a "contains" box and the column's facet (its values with counts; a click keeps one). */
export function FilterPanel({ column, facet, onClose }: FilterPanelProps) {
  const name = column.columnDef.meta?.column.name ?? column.id;
  const current = column.getFilterValue() as GridFilter | undefined;
  const [text, setText] = useState(current?.op === "has" ? current.value : "");
  const set = (f: Omit<GridFilter, "column"> | undefined) =>
    column.setFilterValue(f ? { column: column.id, ...f } : undefined);
  // TanStack's faceting API; the counts come from the server (gridModel's facetedUniqueValues).
  const values = [...column.getFacetedUniqueValues()];
  return (
    <section
      data-testid="filter-panel"
      data-column={name}
      aria-label={`Filter ${name}`}
      className="space-y-2 rounded-md border border-indigo-200 bg-indigo-50/40 p-2 text-xs"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-zinc-800">Filter {name}</h3>
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            set(text ? { op: "has", value: text } : undefined);
          }}
        >
          <input
            data-testid="filter-input"
            aria-label={`${name} contains`}
            placeholder="contains…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="h-7 w-48 rounded border border-zinc-300 bg-white px-2"
          />
          <Button size="sm" type="submit" data-testid="filter-apply">
            Apply
          </Button>
        </form>
        {current ? (
          <Button size="sm" variant="ghost" onClick={() => set(undefined)}>
            Remove filter
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" className="ml-auto" onClick={onClose} aria-label="Close the filter">
          Close
        </Button>
      </div>
      <div>
        <p className="mb-1 text-zinc-500">
          Values{current ? " among rows the other filters keep" : ""}, most frequent first
          {facet.loading ? <Spinner className="ml-1 inline size-3" /> : null}
        </p>
        {facet.error ? (
          <p role="alert" className="text-red-700">
            {facet.error}
          </p>
        ) : null}
        <ul data-testid="facet" className="flex max-h-40 flex-wrap gap-1 overflow-auto">
          {values.map(([value, count]) => (
            <li key={String(value)}>
              <FacetValue
                value={value}
                count={count}
                chosen={current?.op === (value === null ? "null" : "eq") && current.value === String(value ?? "")}
                onPick={() => set(value === null ? { op: "null", value: "" } : { op: "eq", value: String(value) })}
              />
            </li>
          ))}
        </ul>
        {facet.data?.more ? <p className="mt-1 text-zinc-500">Only the 30 most frequent values are listed.</p> : null}
      </div>
    </section>
  );
}

function FacetValue(props: { value: CellValue; count: number; chosen: boolean; onPick: () => void }) {
  const { value, count, chosen, onPick } = props;
  return (
    <button
      type="button"
      data-testid="facet-value"
      data-value={value === null ? undefined : String(value)}
      aria-pressed={chosen}
      onClick={onPick}
      className={
        "rounded border px-1.5 py-0.5 " +
        (chosen ? "border-indigo-500 bg-indigo-100" : "border-zinc-200 bg-white hover:border-indigo-300")
      }
    >
      {value === null ? (
        <span className="text-zinc-400 italic">null</span>
      ) : (
        <span className="whitespace-pre">{value}</span>
      )}{" "}
      <span data-testid="facet-count" className="text-zinc-500 tabular-nums">
        {count.toLocaleString()}
      </span>
    </button>
  );
}
