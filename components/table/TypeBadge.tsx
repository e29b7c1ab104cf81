import type { ColumnType } from "@/lib/core/model/dataset";

const styles: Record<ColumnType, string> = {
  integer: "bg-sky-50 text-sky-700 ring-sky-200",
  real: "bg-cyan-50 text-cyan-700 ring-cyan-200",
  date: "bg-amber-50 text-amber-700 ring-amber-200",
  boolean: "bg-violet-50 text-violet-700 ring-violet-200",
  text: "bg-zinc-100 text-zinc-600 ring-zinc-200",
  binary: "bg-rose-50 text-rose-700 ring-rose-200",
};

/** A column's type; `reason` (the import report's line) is its tooltip. */
export function TypeBadge({ type, reason }: { type: ColumnType; reason?: string }) {
  return (
    <span
      data-testid="type-badge"
      data-type={type}
      title={reason}
      className={
        `inline-flex h-4 items-center rounded px-1 text-[10px] leading-none font-medium ring-1 ` +
        `ring-inset ${styles[type]}`
      }
    >
      {type}
    </span>
  );
}
