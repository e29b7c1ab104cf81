import type { TraceEventOf } from "@/lib/core/trace";

/** A re-run's constraint met a step: what it changed (or that the method had done it anyway). */
export function ConstraintCard({ e }: { e: TraceEventOf<"constraint"> }) {
  return (
    <p
      data-testid="constraint-card"
      data-changed={String(e.changed)}
      className={`rounded px-2 py-1 text-xs ${e.changed ? "bg-violet-50 text-violet-900" : "bg-zinc-50 text-zinc-600"}`}
    >
      <strong>
        {e.kind} <span className="font-mono">{e.target}</span>
        {e.changed ? " changed the run" : " (no change)"}:
      </strong>{" "}
      {e.effect}
    </p>
  );
}
