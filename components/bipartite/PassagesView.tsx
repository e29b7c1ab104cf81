"use client";

import { useMemo, useState } from "react";
import { messageOf } from "@/components/api/client";
import { BipartiteGraph, BipartiteLegend } from "./BipartiteGraph";
import { dataGraphModel } from "./graphModel";
import { PassageUpload } from "./PassageUpload";
import { useBipartite, usePassageSearch } from "./queries";

/** The dataset's passages: add them, search them, see each one's linked rows and the graph G_d. */
export function PassagesView({ datasetId }: { datasetId: string }) {
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  // An upload invalidates every passage query of the dataset (list, graph, the methods' notes).
  const list = usePassageSearch(datasetId, query);
  const graph = useBipartite(datasetId);
  const model = useMemo(() => (graph.data ? dataGraphModel(graph.data) : null), [graph.data]);
  return (
    <div className="space-y-4" data-testid="passages-view">
      <PassageUpload datasetId={datasetId} />
      {graph.data ? (
        <section className="space-y-1.5" aria-label="Bipartite graph">
          <h2 className="text-xs font-semibold text-zinc-500">
            Rows ↔ passages:{" "}
            <span data-testid="bipartite-counts">
              {`${graph.data.counts.links} links, ${graph.data.segments.length} of ${graph.data.counts.segments} ` +
                `rows linked, ${graph.data.counts.passages} passages ` +
                `(${graph.data.counts.unlinkedPassages} link to no row)`}
            </span>
          </h2>
          {graph.data.counts.passages ? (
            <>
              <BipartiteLegend />
              {model ? (
                <BipartiteGraph
                  model={model}
                  testId="data-bipartite-graph"
                  height={Math.min(
                    560,
                    80 +
                      34 *
                        Math.max(
                          model.nodes.filter((n) => n.side === "segment").length,
                          model.nodes.filter((n) => n.side === "passage").length,
                        ),
                  )}
                />
              ) : null}
            </>
          ) : (
            <p className="text-xs text-zinc-500">
              No passages yet. Add passages to link rows to text and to ask with HELIOS.
            </p>
          )}
        </section>
      ) : graph.error ? (
        <p className="text-xs text-red-700">{messageOf(graph.error)}</p>
      ) : null}
      <section className="space-y-2" aria-label="Passages">
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(q.trim());
          }}
        >
          <input
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search titles and text"
            maxLength={200}
            data-testid="passage-search"
            className="w-72 rounded border border-zinc-300 px-2 py-1 text-sm"
          />
          <button type="submit" className="rounded border border-zinc-300 px-2 py-1 text-sm hover:bg-zinc-50">
            Search
          </button>
        </form>
        {list.data ? (
          <>
            <p className="text-xs text-zinc-500" data-testid="passage-total">
              {list.data.total} {list.data.total === 1 ? "passage" : "passages"}
              {query ? ` matching “${query}”` : ""}
              {list.data.total > list.data.passages.length ? ` (first ${list.data.passages.length} shown)` : ""}
            </p>
            <ul className="divide-y divide-zinc-100 rounded border border-zinc-200 bg-white">
              {list.data.passages.map((p) => (
                <li key={p.id} data-testid="passage-item" className="space-y-0.5 px-3 py-2">
                  <p className="flex flex-wrap items-baseline gap-2 text-sm">
                    <span className="font-semibold text-zinc-900" data-testid="passage-title">
                      {p.title}
                    </span>
                    <span className="text-[11px] text-zinc-400">
                      {p.id} · {p.source}
                      {p.aliases.length ? ` · also “${p.aliases.join("”, “")}”` : ""}
                    </span>
                  </p>
                  <p className="line-clamp-2 text-xs text-zinc-600">{p.preview}</p>
                  <p className="text-[11px] text-zinc-500" data-testid="passage-links">
                    {p.links.length
                      ? `Linked to ${p.links
                          .slice(0, 6)
                          .map(
                            (l) => `${l.table} #${l.rowId}${l.column ? ` (${l.column}, ${l.kind})` : ` (${l.kind})`}`,
                          )
                          .join(", ")}${p.links.length > 6 ? ` and ${p.links.length - 6} more` : ""}`
                      : "Links to no row"}
                  </p>
                </li>
              ))}
            </ul>
          </>
        ) : list.error ? (
          <p className="text-xs text-red-700">{messageOf(list.error)}</p>
        ) : null}
      </section>
    </div>
  );
}
