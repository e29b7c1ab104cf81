"use client";

import type { SchemaEdge } from "@/lib/core/model/index-types";
import type { SchemaGraphResponse } from "@/components/index/types";
import { Button } from "@/components/ui/Button";

/** Discovered join candidates with ω, each to accept (a kept join) or reject (hidden). */
export function CandidateList({ graph, busy, onDecide }: { graph: SchemaGraphResponse; busy: boolean; onDecide: (edge: SchemaEdge, status: "accepted" | "rejected") => void }) {
  const candidates = graph.edges.filter((e) => e.kind === "discovered").sort((a, b) => b.weight - a.weight);
  if (!candidates.length) return null;
  return (
    <details className="text-xs" open={candidates.length <= 6}>
      <summary className="cursor-pointer text-zinc-600">Discovered joins to review ({candidates.length})</summary>
      <ul className="mt-1 space-y-1">
        {candidates.map((e) => (
          <li key={e.id} data-testid="join-candidate" className="flex items-center gap-1 rounded border border-zinc-200 bg-white p-1">
            <span className="min-w-0 flex-1 break-all">{e.source} = {e.target} <span className="text-zinc-400 tabular-nums">ω {e.weight.toFixed(2)}</span></span>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onDecide(e, "accepted")} data-testid="accept-candidate">Accept</Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onDecide(e, "rejected")} data-testid="reject-candidate">Reject</Button>
          </li>
        ))}
      </ul>
    </details>
  );
}
