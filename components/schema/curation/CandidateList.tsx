"use client";

import type { JoinCandidate } from "@/lib/core/model/index-types";
import type { SchemaGraphResponse } from "@/components/index/types";
import { joinPercent } from "@/components/index/joinRules";
import { likelyReason } from "@/lib/core/index/join-review";
import { Button } from "@/components/ui/Button";
import { useColumnLabel } from "@/components/names/NamesContext";

/** A candidate to decide on: a passing discovered edge or a suggestion below the threshold. */
type Candidate = {
  id: string;
  source: string;
  target: string;
  label: string;
  join?: JoinCandidate;
  shown: boolean;
  reason: string;
};

const percent = joinPercent;
const f2 = (x: number) => x.toFixed(2);

function candidates(graph: SchemaGraphResponse): Candidate[] {
  const shown = graph.edges
    .filter((e) => e.kind === "discovered")
    .map(
      (e): Candidate => ({
        id: e.id,
        source: e.source,
        target: e.target,
        label: e.label,
        join: e.join,
        shown: true,
        reason: likelyReason(e.join?.probability, graph.joinCounts?.threshold ?? null),
      }),
    );
  const below = (graph.suggestions ?? []).map(
    (s): Candidate => ({
      id: `suggestion:${s.source}->${s.target}`,
      source: s.source,
      target: s.target,
      label: `${s.source} = ${s.target}`,
      join: s,
      shown: false,
      reason: s.reason,
    }),
  );
  const p = (c: Candidate) => c.join?.probability ?? c.join?.omega ?? 0;
  return [...shown.sort((a, b) => p(b) - p(a)), ...below];
}

/** Why a candidate is drawn or not, in words, with the learned probability and ω's parts. */
function CandidateDetail({ c }: { c: Candidate }) {
  const j = c.join;
  if (!j) return null;
  return (
    <details className="w-full text-[11px] text-zinc-500" data-testid="candidate-detail">
      <summary className="cursor-pointer" data-testid="candidate-why">
        why
      </summary>
      <p>
        {c.reason}
        {` ω = (s + j) × max(u) = ${f2(j.omega)}; s ${f2(j.semantic)}, ` +
          `j ${j.jaccardEstimated ? "≈" : ""}${f2(j.jaccard)}, ` +
          `u ${f2(Math.max(j.uniquenessFrom, j.uniquenessTo))}, ${Math.round(j.containment * 100)}% of the ` +
          `left values in the right.`}
      </p>
    </details>
  );
}

/**
 * Discovered join candidates to accept (a kept join) or reject (hidden): the ones the learned
 * scorer passes (drawn as edges) and, below them, suggestions it rates too unlikely to draw.
 */
export function CandidateList({
  graph,
  busy,
  onDecide,
}: {
  graph: SchemaGraphResponse;
  busy: boolean;
  onDecide: (c: Pick<Candidate, "source" | "target" | "label">, status: "accepted" | "rejected") => void;
}) {
  const label = useColumnLabel();
  const list = candidates(graph);
  if (!list.length) return null;
  const counts = graph.joinCounts;
  const listed = list.filter((c) => !c.shown).length;
  const suggestions = counts?.suggestions ?? listed;
  return (
    <details className="text-xs" open={list.length <= 6} data-testid="join-candidates">
      <summary className="cursor-pointer text-zinc-600" data-testid="join-candidates-toggle">
        Discovered joins to review ({counts?.likely ?? list.length - listed} likely · drawn, {suggestions}{" "}
        {suggestions === 1 ? "suggestion" : "suggestions"}
        {suggestions > listed ? `, the ${listed} most likely listed` : ""})
      </summary>
      <ul className="mt-1 space-y-1">
        {list.map((c) => (
          <li
            key={c.id}
            data-testid="join-candidate"
            data-shown={c.shown}
            data-probability={c.join?.probability ?? ""}
            className={`flex flex-wrap items-center gap-1 rounded border p-1 ${
              c.shown ? "border-zinc-200 bg-white" : "border-dashed border-zinc-300 bg-zinc-50"
            }`}
          >
            <span className="min-w-0 flex-1 break-all">
              {label(c.source)} = {label(c.target)}{" "}
              <span
                className={`tabular-nums ${c.shown ? "text-emerald-700" : "text-zinc-500"}`}
                title="Probability that this is a real join, from the learned join scorer"
              >
                {percent(c.join?.probability)} likely
              </span>
              {c.shown ? null : (
                <span
                  className="ml-1 rounded bg-zinc-200 px-1 text-[10px] text-zinc-600"
                  data-testid="suggestion-badge"
                >
                  suggestion
                </span>
              )}
              {c.shown ? (
                <span className="ml-1 rounded bg-sky-100 px-1 text-[10px] text-sky-800" data-testid="likely-badge">
                  likely · drawn
                </span>
              ) : null}
            </span>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => onDecide(c, "accepted")}
              data-testid="accept-candidate"
            >
              Accept
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => onDecide(c, "rejected")}
              data-testid="reject-candidate"
            >
              Reject
            </Button>
            <CandidateDetail c={c} />
          </li>
        ))}
      </ul>
    </details>
  );
}
