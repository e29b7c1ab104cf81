import { useColumnLabel } from "@/components/names/NamesContext";
import { columnKey } from "@/lib/core/model/column-ref";
import type { RunView } from "../model/runView";
import { voteBars } from "../model/votes";

const MAX_BARS = 14;

/**
 * Schema-mapping votes: one row per column, one cell per round (filled when that round voted for
 * it), and the θ cut as a line at θ·K. Grows as schema-vote events arrive; once the selection is
 * in, kept columns are orange and dropped ones grey.
 */
export function VoteChart({ view }: { view: RunView }) {
  const { bars, rounds, cut } = voteBars(view);
  const label = useColumnLabel();
  // The header as the file wrote it (the events carry the generated identifier).
  const nameOf = (table: string, column: string) => label(columnKey(table, column)).slice(table.length + 1);
  if (bars.length === 0 || rounds === 0) return null;
  const shown = bars.slice(0, MAX_BARS);
  const slot = 100 / rounds;
  return (
    <figure
      data-testid="vote-chart"
      data-rounds={rounds}
      className="space-y-1 rounded-md border border-zinc-200 bg-white p-2"
    >
      <figcaption className="flex items-baseline justify-between text-[11px] text-zinc-500">
        <span>Votes per column over K = {rounds} rounds</span>
        {cut !== null ? (
          <span data-testid="theta-cut-label">
            θ = {view.theta} · cut at {Number(cut.toFixed(2))} votes
          </span>
        ) : null}
      </figcaption>
      <div>
        <ul className="space-y-0.5">
          {shown.map((b, i) => (
            <li
              key={`${b.table}.${b.column}`}
              data-testid="vote-bar"
              data-column={`${b.table}.${b.column}`}
              data-votes={b.votes}
              data-kept={b.kept === null ? undefined : String(b.kept)}
              className="grid grid-cols-[minmax(0,11rem)_minmax(0,1fr)_2.5rem] items-center gap-2"
            >
              <span className="font-mono text-[11px] break-all text-zinc-700" title={`${b.table}.${b.column}`}>
                <span className="text-zinc-400">{b.table}.</span>
                {nameOf(b.table, b.column)}
              </span>
              <span className="relative flex h-3.5 gap-px">
                {Array.from({ length: rounds }, (_, r) => {
                  const voted = b.rounds.length > 0 ? b.rounds.includes(r) : r < b.votes;
                  return (
                    <span
                      key={r}
                      title={`round ${r + 1}${voted ? ": voted" : ""}`}
                      className={
                        `h-full flex-1 ` +
                        `rounded-[2px] ${voted ? (b.kept === false ? "bg-zinc-400" : "bg-orange-500") : "bg-zinc-100"}`
                      }
                    />
                  );
                })}
                {cut !== null ? (
                  <span
                    aria-hidden
                    data-testid={i === 0 ? "theta-cut" : undefined}
                    className={
                      "pointer-events-none absolute -top-px -bottom-[3px] w-0 border-l-2 border-dashed " +
                      "border-indigo-600"
                    }
                    style={{ left: `calc(${Math.min(100, cut * slot)}% - 1px)` }}
                  />
                ) : null}
              </span>
              <span className="text-right text-[11px] text-zinc-600 tabular-nums">
                {b.votes}/{rounds}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {bars.length > MAX_BARS ? (
        <p className="text-[11px] text-zinc-400">and {bars.length - MAX_BARS} more columns with fewer votes</p>
      ) : null}
    </figure>
  );
}
