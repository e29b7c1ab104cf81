import type { EdgeCategory } from "@/lib/core/index/join-review";
import { CATEGORY_ORDER, CATEGORY_STYLES } from "./edgeKinds";

function LineSample({ category }: { category: EdgeCategory }) {
  const k = CATEGORY_STYLES[category];
  const dash = k.line === "dashed" ? "5 3" : k.line === "dotted" ? "1.5 2.5" : undefined;
  return (
    <svg aria-hidden viewBox="0 0 28 10" className="h-2.5 w-7 shrink-0">
      <line
        x1="1"
        y1="5"
        x2={k.arrow ? 21 : 27}
        y2="5"
        stroke={k.color}
        strokeWidth={category === "likely" ? 2.5 : 2}
        strokeDasharray={dash}
      />
      {k.arrow ? <path d="M20 1.5 27 5 20 8.5Z" fill={k.color} /> : null}
    </svg>
  );
}

interface LegendProps {
  counts: Map<EdgeCategory, number>;
  hidden: ReadonlySet<EdgeCategory>;
  onToggle: (category: EdgeCategory) => void;
  /** Whether any drawn table is a view (then the legend shows what a view looks like). */
  hasViews?: boolean;
}

/** What each edge style means, how many are drawn, and a toggle per kind (the counts are the graph's edges). */
export function SchemaLegend({ counts, hidden, onToggle, hasViews }: LegendProps) {
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
      {hasViews ? (
        <span className="mr-1 inline-flex items-center gap-1.5 px-1.5" data-testid="legend-view">
          <span
            aria-hidden
            className="inline-block h-3 w-5 rounded-sm border border-dashed border-slate-500 bg-slate-100"
          />
          <i>View</i>
        </span>
      ) : null}
      {CATEGORY_ORDER.map((category) => {
        const count = counts.get(category) ?? 0;
        const shown = !hidden.has(category);
        const style = CATEGORY_STYLES[category];
        if (count === 0 && category !== "likely" && category !== "foreign_key") return null;
        return (
          <button
            key={category}
            type="button"
            data-testid="legend-item"
            data-kind={category}
            data-count={count}
            aria-pressed={shown}
            title={`${style.label}: ${style.hint}. Click to ${shown ? "hide" : "show"}.`}
            onClick={() => onToggle(category)}
            className={
              `inline-flex items-center gap-1.5 rounded px-1.5 py-0.5 ` +
              `hover:bg-zinc-100 ${shown ? "" : "opacity-45"} ${count === 0 ? "text-zinc-400" : ""}`
            }
          >
            <LineSample category={category} />
            <span className={shown ? "" : "line-through"}>{style.label}</span>
            <span className="tabular-nums text-zinc-400">{count}</span>
          </button>
        );
      })}
    </div>
  );
}
