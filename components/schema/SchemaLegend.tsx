import type { EdgeKind } from "@/lib/core/model/index-types";
import { EDGE_KINDS, KIND_ORDER } from "./edgeKinds";

function LineSample({ kind }: { kind: EdgeKind }) {
  const k = EDGE_KINDS[kind];
  const dash = k.line === "dashed" ? "5 3" : k.line === "dotted" ? "1.5 2.5" : undefined;
  return (
    <svg aria-hidden viewBox="0 0 28 10" className="h-2.5 w-7 shrink-0">
      <line
        x1="1"
        y1="5"
        x2={k.arrow ? 21 : 27}
        y2="5"
        stroke={k.color}
        strokeWidth={kind === "discovered" ? 2.5 : 2}
        strokeDasharray={dash}
      />
      {k.arrow ? <path d="M20 1.5 27 5 20 8.5Z" fill={k.color} /> : null}
    </svg>
  );
}

interface LegendProps {
  counts: Map<EdgeKind, number>;
  hidden: ReadonlySet<EdgeKind>;
  onToggle: (kind: EdgeKind) => void;
}

/** What each edge style means, how many there are, and a toggle per kind. */
export function SchemaLegend({ counts, hidden, onToggle }: LegendProps) {
  return (
    <div
      data-testid="schema-legend"
      aria-label="Legend"
      className="flex flex-wrap items-center gap-x-1 gap-y-1 text-xs text-zinc-600"
    >
      <span className="mr-1 inline-flex items-center gap-1.5 px-1.5">
        <span aria-hidden className="inline-block h-3 w-5 rounded-sm border border-amber-300 bg-amber-50" />
        Primary key
      </span>
      {KIND_ORDER.map((kind) => {
        const count = counts.get(kind) ?? 0;
        const shown = !hidden.has(kind);
        return (
          <button
            key={kind}
            type="button"
            data-testid="legend-item"
            data-kind={kind}
            data-count={count}
            aria-pressed={shown}
            title={`${EDGE_KINDS[kind].label}: ${EDGE_KINDS[kind].hint}. Click to ${shown ? "hide" : "show"}.`}
            onClick={() => onToggle(kind)}
            className={
              `inline-flex items-center gap-1.5 rounded px-1.5 py-0.5 ` +
              `hover:bg-zinc-100 ${shown ? "" : "opacity-45"} ${count === 0 ? "text-zinc-400" : ""}`
            }
          >
            <LineSample kind={kind} />
            <span className={shown ? "" : "line-through"}>{EDGE_KINDS[kind].label}</span>
            <span className="tabular-nums text-zinc-400">{count}</span>
          </button>
        );
      })}
    </div>
  );
}
