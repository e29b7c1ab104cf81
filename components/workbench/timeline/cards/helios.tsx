import type { TraceEventOf } from "@/lib/core/trace";
import { ScoreBar } from "../ScoreBar";

const SHOWN = 5;

/** Edge lists of retrieval, reranking and the final ranking: the best few with their scores. */
export function EdgesCard({ e }: { e: TraceEventOf<"edge-retrieval"> | TraceEventOf<"rerank"> }) {
  const what =
    e.type === "edge-retrieval"
      ? `top ${e.edges.length} edges by MaxSim (k1 = ${e.k})`
      : e.stage === "final-ranking"
        ? `${e.edges.length} edges of G_q, ranked`
        : `${e.edges.length} edges after reranking (k2 = ${e.k})`;
  return (
    <div className="space-y-1 text-xs" data-testid="helios-edges">
      <p className="text-zinc-600">{what}</p>
      <ul className="space-y-0.5">
        {e.edges.slice(0, SHOWN).map((x, i) => (
          <li key={i} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
            <span
              className="truncate font-mono text-[11px] text-zinc-800"
              title={`${x.segment} — ${x.passage ?? "(no passage)"}`}
            >
              {x.segment} — {x.passage ?? "∅"}
              {"previousRank" in x && typeof x.previousRank === "number" ? (
                <span className="text-zinc-400"> (was #{x.previousRank + 1})</span>
              ) : null}
            </span>
            <ScoreBar score={x.score} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SeedsCard({ e }: { e: TraceEventOf<"seed-selection"> }) {
  return (
    <p className="text-xs text-zinc-600">
      Beam b = {e.beam}:{" "}
      {e.nodes
        .slice(0, 10)
        .map((n) => `${n.node} (p ${n.score.toFixed(3)})`)
        .join(", ")}
    </p>
  );
}

export function ExpansionCard({ e }: { e: TraceEventOf<"expansion"> }) {
  if (!e.edges.length) return <p className="text-xs text-zinc-500">No new edge from this seed made the beam.</p>;
  return (
    <p className="text-xs text-zinc-600">
      {e.edges.map((x) => `${x.from} → ${x.to} (p ${x.score.toFixed(3)})`).join(", ")}
    </p>
  );
}

export function AggregationCard({ e }: { e: TraceEventOf<"aggregation"> }) {
  const summary = e.needed
    ? `Aggregation ${e.operation ?? ""}: rows ${e.rows.join(", ") || "(none)"}.`
    : "No aggregation needed.";
  return (
    <p className="text-xs text-zinc-600" data-testid="helios-aggregation">
      {summary} {e.reason ? <span className="text-zinc-500">{e.reason}</span> : null}
    </p>
  );
}

export function VerificationCard({ e }: { e: TraceEventOf<"passage-verification"> }) {
  return (
    <p className={`text-xs ${e.keep ? "text-emerald-800" : "text-red-700"}`}>
      {e.keep ? "Kept" : "Dropped"} {e.passage}
      {e.segment ? ` of ${e.segment}` : ""}: <span className="text-zinc-600">{e.reason}</span>
    </p>
  );
}

/** The reader's best candidates with their probabilities: why one answer was chosen, or none. */
export function ReaderCandidatesCard({ e }: { e: TraceEventOf<"reader-candidates"> }) {
  const lead = e.abstained
    ? "The reader abstained: no candidate reached"
    : "Top candidates; the reader is sure of an answer at";
  return (
    <div className="space-y-1 text-xs" data-testid="helios-reader-candidates">
      <p className="text-zinc-600">
        {lead} probability ≥ {e.threshold} (no answer: {e.none.toFixed(2)}).
      </p>
      <ul className="space-y-0.5">
        {e.candidates.slice(0, SHOWN).map((c, i) => (
          <li
            key={i}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2"
            data-testid="helios-reader-candidate"
          >
            <span
              className="truncate text-zinc-800"
              title={`${c.segment}${c.column ? ` · ${c.column}` : ""}${c.passage ? ` · ${c.passage}` : ""}`}
            >
              <span className="font-medium">{c.text}</span>{" "}
              <span className="text-zinc-400">
                (
                {c.source === "cell"
                  ? `cell ${c.column ?? ""}`
                  : c.source === "passage"
                    ? `passage ${c.passage ?? ""}`
                    : "computed"}
                )
              </span>
            </span>
            <ScoreBar score={c.score} />
          </li>
        ))}
      </ul>
    </div>
  );
}
