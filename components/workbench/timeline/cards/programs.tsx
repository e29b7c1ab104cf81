import type { TraceEventOf } from "@/lib/core/trace";
import { ShownSql } from "@/components/names/NamesContext";
import { Chip } from "../Chip";

/** The ranked candidate programs of the answer step: why the answer's SQL won. */
export function ProgramCandidatesCard({ e }: { e: TraceEventOf<"program-candidates"> }) {
  return (
    <div className="space-y-1 text-xs text-zinc-600" data-testid="program-candidates">
      <p>
        {e.ranker === "learned" ? "The trained ranker" : "The rule planner"} scored {e.generated} candidate
        {e.generated === 1 ? "" : "s"} and ran the best {e.executed}; the first one answered.
      </p>
      <ol className="space-y-1">
        {e.candidates.map((c, i) => (
          <li
            key={i}
            data-testid="program-candidate"
            className={`rounded border px-1.5 py-1 ${
              i === 0 ? "border-emerald-300 bg-emerald-50/60" : "border-zinc-200"
            }`}
          >
            <p className="flex flex-wrap items-center gap-1.5">
              <Chip tone={i === 0 ? "indigo" : undefined}>{c.operation}</Chip>
              <span className="tabular-nums" data-testid="program-candidate-probability">
                {(c.probability * 100).toFixed(1)}%
              </span>
              <span className="text-zinc-400 tabular-nums">score {c.score.toFixed(2)}</span>
            </p>
            {c.reading && (
              <p className="mt-0.5 text-zinc-800" data-testid="program-candidate-reading">
                {c.reading}
              </p>
            )}
            <pre className="mt-0.5 max-h-24 overflow-auto font-mono text-[11px] whitespace-pre-wrap text-zinc-800">
              <ShownSql sql={c.sql} />
            </pre>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The answer's program was given, not ranked: picked by the user, or learned from a confirmed answer. */
export function ProgramReuseCard({ e }: { e: TraceEventOf<"program-reuse"> }) {
  return (
    <div className="space-y-1 text-xs text-zinc-600" data-testid="program-reuse">
      <p>
        {e.source === "picked"
          ? "Answered with the reading you picked:"
          : `Learned from your earlier answer to “${e.question ?? ""}”${
              e.similarity !== undefined ? ` (${Math.round(e.similarity * 100)}% alike)` : ""
            }:`}
      </p>
      <p className="text-zinc-800">{e.reading}</p>
    </div>
  );
}
