import type { ColumnProfile } from "@/lib/core/model/index-types";
import { formatNumber } from "@/components/ui/format";
import { formatValue } from "./format";

/** The three most frequent values, each with a bar of its share of the rows. */
export function TopValues({ profile }: { profile: ColumnProfile }) {
  if (profile.topValues.length === 0) return null;
  const rows = Math.max(1, profile.rowCount);
  return (
    <div data-testid="profile-top-values" className="text-xs">
      <h4 className="mb-1 font-semibold text-zinc-500">
        Most frequent
        {profile.topValuesApproximate ? <span className="font-normal text-zinc-400"> (approximate)</span> : null}
      </h4>
      <ol className="space-y-1">
        {profile.topValues.slice(0, 3).map((tv, i) => (
          <li key={i} className="relative overflow-hidden rounded bg-zinc-50 px-2 py-1">
            <span
              aria-hidden
              className="absolute inset-y-0 left-0 bg-indigo-100"
              style={{ width: `${Math.min(100, (tv.count / rows) * 100)}%` }}
            />
            <span className="relative flex items-baseline justify-between gap-2">
              <span className="truncate text-zinc-900" title={String(tv.value)}>
                {formatValue(tv.value, 60)}
              </span>
              <span className="shrink-0 tabular-nums text-zinc-500">{formatNumber(tv.count)}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
