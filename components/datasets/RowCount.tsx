import type { TableMeta } from "@/lib/core/model/dataset";
import { formatNumber } from "@/components/ui/format";

/** "1,300 rows", or "≥ 1,000,000 rows, counting stopped" for a view whose count hit its budget. */
export function rowCountText(table: Pick<TableMeta, "rowCount" | "rowCountCut">): string {
  const rows = `${formatNumber(table.rowCount)} ${table.rowCount === 1 ? "row" : "rows"}`;
  return table.rowCountCut ? `≥ ${rows}, counting stopped` : rows;
}

/** Marks a table that is a view: a stored query, counted, profiled and indexed within budgets. */
export function ViewBadge({ table }: { table: Pick<TableMeta, "isView"> }) {
  if (!table.isView) return null;
  return (
    <span
      data-testid="view-badge"
      title={
        "A view: a stored query over the file's tables. It is counted, " +
        "profiled and indexed on a bounded sample, as it may be slow or never end."
      }
      className="rounded bg-sky-100 px-1.5 py-px text-[10px] font-semibold tracking-wide text-sky-800 uppercase"
    >
      view
    </span>
  );
}
