import type { ReactNode } from "react";
import type { ColumnProfile } from "@/lib/core/model/index-types";
import { ScoreBar } from "@/components/index/ScoreBar";
import { formatNumber } from "@/components/ui/format";
import { formatShare, formatValue } from "./format";
import { TopValues } from "./TopValues";

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="flex items-baseline justify-between gap-3 border-b border-zinc-100 py-1.5 last:border-0"
    >
      <dt className="shrink-0 text-zinc-500">{label}</dt>
      <dd className="min-w-0 truncate text-right tabular-nums text-zinc-900">{children}</dd>
    </div>
  );
}

/** A column's profile: counts and shares, range, extremes of length, most frequent values. */
export function ProfileStats({ profile }: { profile: ColumnProfile }) {
  const numeric = profile.min !== null || profile.max !== null;
  return (
    <div className="space-y-3">
      <dl data-testid="column-profile" className="text-xs">
        <Stat label="Rows">{formatNumber(profile.rowCount)}</Stat>
        <Stat label="Nulls" testId="profile-nulls">
          {formatShare(profile.nullShare)} <span className="text-zinc-400">({formatNumber(profile.nullCount)})</span>
        </Stat>
        <Stat label="Distinct" testId="profile-distinct">
          {profile.distinctEstimated ? "≈ " : ""}
          {formatNumber(profile.distinctCount)}
        </Stat>
        <Stat label="Uniqueness u" testId="profile-uniqueness">
          <span className="inline-flex items-center gap-2">
            <ScoreBar value={profile.uniqueness} className="w-16" />
            {profile.uniqueness.toFixed(3)}
          </span>
        </Stat>
        {numeric ? (
          <Stat label="Min – max" testId="profile-range">
            <span title={`${formatValue(profile.min, 1000)} – ${formatValue(profile.max, 1000)}`}>
              {formatValue(profile.min, 24)} – {formatValue(profile.max, 24)}
            </span>
          </Stat>
        ) : null}
        {profile.mean !== null ? <Stat label="Mean">{formatValue(profile.mean)}</Stat> : null}
        {profile.shortest !== null ? (
          <Stat label="Shortest" testId="profile-shortest">
            <span title={profile.shortest}>{formatValue(profile.shortest, 40)}</span>
          </Stat>
        ) : null}
        {profile.longest !== null ? (
          <Stat label="Longest" testId="profile-longest">
            <span title={profile.longest.slice(0, 2000)}>{formatValue(profile.longest, 40)}</span>
          </Stat>
        ) : null}
      </dl>
      <TopValues profile={profile} />
    </div>
  );
}
