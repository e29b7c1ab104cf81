"use client";

import { useState } from "react";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { formatNumber } from "@/components/ui/format";
import { Spinner } from "@/components/ui/Spinner";
import { FindValueHits } from "./FindValueHits";
import type { DatasetWithIndex } from "./types";
import { useCellSearch } from "./useCellSearch";

const LIMIT = 50;

/** A search box over the cell index: values that match a phrase, with their scores. */
export function FindValue({
  dataset,
  indexKey,
  onOpenTable,
}: {
  dataset: DatasetWithIndex;
  indexKey: string;
  onOpenTable: (name: string) => void;
}) {
  const [q, setQ] = useState("");
  const [table, setTable] = useState("");
  const search = useCellSearch(dataset.id, { q, table: table || undefined, limit: LIMIT }, indexKey);
  const hits = search.status === "done" ? search.hits : search.status === "searching" ? search.hits : null;

  return (
    <div className="max-w-4xl space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          data-testid="find-value-input"
          aria-label="Find a value"
          placeholder="Find a value, e.g. Los Angeles, LA, 2014/15…"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          autoFocus
          className={
            "h-8 min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2.5 text-sm shadow-sm " +
            "placeholder:text-zinc-400 focus:border-indigo-500 focus:outline-none"
          }
        />
        <select
          data-testid="find-value-table"
          aria-label="Search in table"
          value={table}
          onChange={(e) => setTable(e.target.value)}
          className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm shadow-sm"
        >
          <option value="">All tables</option>
          {dataset.tables.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name}
            </option>
          ))}
        </select>
        {search.status === "searching" ? <Spinner className="size-4 text-zinc-400" /> : null}
      </div>
      {search.status === "idle" ? (
        <p className="text-xs text-zinc-500">
          Searches the unique values of every text column, tolerant of typos and abbreviations. Numbers and dates are
          matched in SQL.
        </p>
      ) : null}
      {search.status === "error" ? <ErrorPanel title="Search failed">{search.error}</ErrorPanel> : null}
      {search.status === "done" ? (
        <p className="text-xs text-zinc-500" aria-live="polite">
          {search.hits.length === 0
            ? `No value matches “${search.q}”.`
            : `${
                search.hits.length >= LIMIT
                  ? `The best ${formatNumber(LIMIT)} values`
                  : `${formatNumber(search.hits.length)} ${search.hits.length === 1 ? "value" : "values"}`
              } for “${search.q}”. Click one to open its table.`}
        </p>
      ) : null}
      {hits && hits.length > 0 ? <FindValueHits hits={hits} onOpenTable={onOpenTable} /> : null}
    </div>
  );
}
