import type { HeatTable } from "@/components/workbench/model/heatmap";
import type { TableMeta } from "@/lib/core/model/dataset";

/**
 * Puts a batch's gold cells ("table.column|rowid", SQL names lowercased, as lib/core/eval writes
 * them) on the heat tables the run touched, as "rowId sqlName" keys the heatmap outlines.
 */
export function withGoldCells(heat: HeatTable[], gold: readonly string[], tables: readonly TableMeta[]): HeatTable[] {
  if (!gold.length) return heat;
  return heat.map((h) => {
    const meta = tables.find((t) => t.name === h.table);
    if (!meta) return h;
    const prefix = `${meta.sqlName.toLowerCase()}.`;
    const columns = new Map(meta.columns.map((c) => [c.sqlName.toLowerCase(), c.sqlName]));
    const cells = new Set<string>();
    for (const key of gold) {
      if (!key.startsWith(prefix)) continue;
      const bar = key.lastIndexOf("|");
      const column = columns.get(key.slice(prefix.length, bar));
      const rowId = Number(key.slice(bar + 1));
      if (column && Number.isInteger(rowId)) cells.add(`${rowId} ${column}`);
    }
    return cells.size ? { ...h, goldCells: cells } : h;
  });
}
