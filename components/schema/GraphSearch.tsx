"use client";

import type { SearchHit } from "./useGraphSearch";

interface GraphSearchProps {
  disabled: boolean;
  query: string;
  hits: SearchHit[];
  current: number;
  onQuery: (q: string) => void;
  /** Moves to the next (1) or previous (-1) hit. */
  onNext: (step: 1 | -1) => void;
  onPick: (hit: SearchHit) => void;
}

/**
 * Search the graph for a table or column: hits are highlighted on the graph and the current one is
 * centred at reading size; Enter / Shift+Enter step through them and select, Escape clears.
 */
export function GraphSearch({ disabled, query, hits, current, onQuery, onNext, onPick }: GraphSearchProps) {
  const hit = hits.length ? hits[current % hits.length] : null;
  return (
    <div className="flex items-center gap-1.5">
      <input
        type="search"
        data-testid="graph-find-column"
        aria-label="Find a table or column"
        placeholder="Find table or column…"
        disabled={disabled}
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && hits.length) {
            e.preventDefault();
            if (hit) onPick(hit);
            onNext(e.shiftKey ? -1 : 1);
          } else if (e.key === "Escape") onQuery("");
        }}
        className="h-7 w-48 rounded-md border border-zinc-300 bg-white px-1.5 text-xs shadow-sm"
      />
      {query.trim() ? (
        <span className="text-xs whitespace-nowrap text-zinc-500" data-testid="graph-search-count" aria-live="polite">
          {hits.length ? `${(current % hits.length) + 1} of ${hits.length}: ${hit?.label}` : "no match"}
        </span>
      ) : null}
    </div>
  );
}
