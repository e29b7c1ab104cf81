import type { ReactNode } from "react";
import type { ColumnMeta } from "@/lib/core/model/dataset";
import type { ColumnInfo } from "@/components/index/types";
import { TypeBadge } from "@/components/table/TypeBadge";
import { ProfileStats } from "./ProfileStats";

/** The column's type and, for a key, a "primary key" badge. */
export function ColumnBadges({ meta, info }: { meta: ColumnMeta | undefined; info: ColumnInfo | null }) {
  const type = info?.profile?.type ?? info?.type ?? meta?.type;
  const pk = info?.isPrimaryKey || meta?.isPrimaryKey;
  return (
    <span className="flex shrink-0 items-center gap-1">
      {type ? <TypeBadge type={type} /> : null}
      {pk ? (
        <span
          data-testid="column-pk"
          className={
            "inline-flex h-4 items-center rounded bg-amber-50 px-1 text-[10px] leading-none font-medium " +
            "text-amber-800 ring-1 ring-amber-200 ring-inset"
          }
        >
          primary key
        </span>
      ) : null}
    </span>
  );
}

interface ColumnDetailsProps {
  info: ColumnInfo | null;
  /** True while the first index is being built: profiles are on their way. */
  indexing: boolean;
  /** The description editor. */
  children: ReactNode;
}

/** A column's description (passed as children) and its profile. */
export function ColumnDetails({ info, indexing, children }: ColumnDetailsProps) {
  return (
    <>
      {children}
      {info?.profile ? (
        <ProfileStats profile={info.profile} />
      ) : info ? (
        <p className="text-xs text-zinc-500">
          {indexing ? "The profile appears when indexing finishes." : "No profile for this column."}
        </p>
      ) : null}
    </>
  );
}
