import { headerBackground } from "./colors";

/** What the colours mean. */
export function HeatmapLegend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-zinc-600" data-testid="heatmap-legend">
      <li className="flex items-center gap-1">
        <span className="flex h-3 w-12 overflow-hidden rounded-sm" aria-hidden>
          {[0.1, 0.4, 0.7, 1].map((f) => (
            <span key={f} className="flex-1" style={{ background: headerBackground(f) }} />
          ))}
        </span>
        header: vote frequency
      </li>
      <li className="flex items-center gap-1">
        <span data-testid="legend-constrained" className="size-3 rounded-sm bg-emerald-700" aria-hidden /> retrieved,
        constrained column
      </li>
      <li className="flex items-center gap-1">
        <span data-testid="legend-dependent" className="size-3 rounded-sm bg-emerald-200" aria-hidden /> retrieved,
        dependent column
      </li>
      <li className="flex items-center gap-1">
        <span
          data-testid="legend-answer"
          className="size-3 rounded-sm bg-amber-300 outline-2 -outline-offset-2 outline-zinc-950"
          aria-hidden
        />{" "}
        answer cell (evidence)
      </li>
    </ul>
  );
}
