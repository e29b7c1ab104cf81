import { formatNumber } from "@/components/ui/format";
import { ScoreBar } from "./ScoreBar";
import type { CellSearchHit } from "./types";

/** Cell-index hits, best first; a row opens its table. */
export function FindValueHits({ hits, onOpenTable }: { hits: CellSearchHit[]; onOpenTable: (name: string) => void }) {
  const top = Math.max(1, ...hits.map((h) => h.score));
  return (
    <div className="overflow-hidden rounded-md border border-zinc-200 bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-zinc-50 text-xs text-zinc-500">
          <tr>
            <th scope="col" className="border-b border-zinc-200 px-3 py-2 font-semibold">
              Value
            </th>
            <th scope="col" className="border-b border-zinc-200 px-3 py-2 font-semibold">
              Table · column
            </th>
            <th scope="col" className="border-b border-zinc-200 px-3 py-2 font-semibold">
              Score
            </th>
            <th scope="col" className="border-b border-zinc-200 px-3 py-2 text-right font-semibold">
              Rows
            </th>
          </tr>
        </thead>
        <tbody>
          {hits.map((hit) => (
            <tr
              key={`${hit.table}\u0000${hit.column}\u0000${hit.value}`}
              data-testid="find-value-hit"
              data-table={hit.table}
              data-column={hit.column}
              data-value={hit.value}
              onClick={() => onOpenTable(hit.table)}
              className="cursor-pointer border-b border-zinc-100 last:border-0 hover:bg-indigo-50/60"
            >
              <td className="max-w-[20rem] truncate px-3 py-1.5 font-medium text-zinc-900" title={hit.value}>
                {/* Its click bubbles to the row: the button is there for keyboard users. */}
                <button type="button" className="text-left hover:underline">
                  {hit.value}
                </button>
                {hit.match ? <span className="ml-2 text-[11px] font-normal text-zinc-400">{hit.match}</span> : null}
              </td>
              <td className="px-3 py-1.5 whitespace-nowrap text-zinc-600">
                {hit.table} <span className="text-zinc-400">·</span> {hit.column}
              </td>
              <td className="px-3 py-1.5">
                <span
                  className="flex items-center gap-2"
                  title={hit.similarity !== undefined ? `cosine ${hit.similarity.toFixed(3)}` : undefined}
                >
                  <ScoreBar value={hit.score / top} />
                  <span className="w-10 text-xs tabular-nums text-zinc-600">{hit.score.toFixed(2)}</span>
                </span>
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums text-zinc-600">{formatNumber(hit.rowCount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
