import { formatNumber } from "@/components/ui/format";
import type { TraceEventOf } from "@/lib/core/trace";
import { Chip, ColumnName } from "../Chip";
import { percent, valueText } from "../format";
import { ScoreBar } from "../ScoreBar";

const MAX_HITS = 8;

export function HitsCard({ e }: { e: TraceEventOf<"cell-hits"> }) {
  return (
    <div className="space-y-1 text-xs">
      <p className="text-zinc-600">
        <span className="font-mono text-zinc-800">{valueText(e.query)}</span> in{" "}
        <ColumnName table={e.table} column={e.column} />:{" "}
        {e.hits.length === 0 ? "no match" : `${e.hits.length} ${e.hits.length === 1 ? "value" : "values"}`}
      </p>
      {e.hits.length > 0 ? (
        <ul className="space-y-0.5" data-testid="cell-hit-list">
          {e.hits.slice(0, MAX_HITS).map((h, i) => (
            <li key={i} data-testid="cell-hit" className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-2">
              <span className="truncate text-zinc-800" title={String(h.value)}>
                {String(h.value)}
              </span>
              <ScoreBar score={h.score} />
              <span className="w-24 text-right text-[11px] text-zinc-500">
                {h.match ? `${h.match} · ` : ""}
                {formatNumber(h.rowCount)} {h.rowCount === 1 ? "row" : "rows"}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {e.hits.length > MAX_HITS ? (
        <p className="text-[11px] text-zinc-400">and {e.hits.length - MAX_HITS} more</p>
      ) : null}
    </div>
  );
}

export function SubTableCard({ e }: { e: TraceEventOf<"sub-table"> }) {
  const cells = e.rowCount * e.columnCount;
  const total = e.totalRows * e.totalColumns;
  return (
    <div
      className="space-y-1 text-xs text-zinc-600"
      data-testid="sub-table-size"
      data-rows={e.rowCount}
      data-columns={e.columnCount}
    >
      <p>
        <strong className="text-zinc-800">{e.table}</strong>
        {`: ${formatNumber(e.rowCount)} of ${formatNumber(e.totalRows)} rows × ${e.columnCount} of ` +
          `${e.totalColumns} columns = ${formatNumber(cells)} of ${formatNumber(total)} cells ` +
          `(${percent(cells, total)})`}
      </p>
      <div className="flex h-2 w-full max-w-xs overflow-hidden rounded-full bg-zinc-200" aria-hidden>
        <span
          className="bg-emerald-600"
          style={{ width: `${total > 0 ? Math.max(0.8, (100 * cells) / total) : 0}%` }}
        />
      </div>
      <div className="flex flex-wrap gap-1">
        {e.columns.map((c) => (
          <Chip key={c}>{c}</Chip>
        ))}
      </div>
      {e.allRows ? (
        <p className="text-[11px] text-zinc-500" data-testid="sub-table-all-rows">
          No condition narrows this table: every row is kept.
        </p>
      ) : null}
      {e.rowIdsTruncated ? (
        <p className="text-[11px] text-amber-700">
          Row ids listed for the first {formatNumber(e.rowIds.length)} rows only.
        </p>
      ) : null}
    </div>
  );
}
