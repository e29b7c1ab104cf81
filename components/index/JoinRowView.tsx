import { useColumnLabel } from "@/components/names/NamesContext";
import { columnKey } from "@/lib/core/model/column-ref";
import { joinPercent, joinRule } from "./joinRules";
import { ScoreBar } from "./ScoreBar";
import type { JoinRow } from "./types";

const DRAWN = new Set(["declared", "likely", "kept", "linked"]);

/** The status word every view uses (lib/core/index/join-review.ts decides the status). */
const STATUS_WORD: Record<JoinRow["status"], string> = {
  declared: "declared",
  likely: "likely · drawn",
  kept: "kept",
  suggestion: "suggestion",
  rejected: "rejected",
  linked: "linked otherwise",
};

const fixed = (n: number | undefined) => (typeof n === "number" && Number.isFinite(n) ? n.toFixed(2) : "—");

function ColumnCell({ table, column }: { table: string; column: string }) {
  const label = useColumnLabel()(columnKey(table, column));
  return (
    <td className="px-3 py-1.5 whitespace-nowrap">
      <span className="text-zinc-500">{table}.</span>
      <span className="font-medium text-zinc-900">{label.slice(table.length + 1)}</span>
    </td>
  );
}

export function JoinRowView({ row, maxOmega }: { row: JoinRow; maxOmega: number }) {
  const rule = joinRule(row.rule);
  const u = Math.max(row.uniquenessFrom ?? 0, row.uniquenessTo ?? 0);
  return (
    <tr
      data-testid="join-row"
      data-rule={row.rule}
      data-omega={row.omega}
      data-passes={row.passes ?? ""}
      data-status={row.status}
      data-probability={row.probability ?? ""}
      className="border-b border-zinc-100 last:border-0 hover:bg-zinc-50"
    >
      <ColumnCell table={row.from.table} column={row.from.column} />
      <ColumnCell table={row.to.table} column={row.to.column} />
      <td className="px-3 py-1.5 whitespace-nowrap tabular-nums" data-testid="join-probability">
        {joinPercent(row.probability)}{" "}
        <span
          title={row.reason}
          className={`text-[11px] ${DRAWN.has(row.status) ? "text-emerald-700" : "text-zinc-500"}`}
        >
          {STATUS_WORD[row.status]}
        </span>
      </td>
      <td className="px-3 py-1.5 tabular-nums">{fixed(row.semantic)}</td>
      <td className="px-3 py-1.5 tabular-nums" title={row.jaccardEstimated ? "Estimated with MinHash" : undefined}>
        {row.jaccardEstimated ? "≈" : ""}
        {fixed(row.jaccard)}
      </td>
      <td
        className="px-3 py-1.5 tabular-nums"
        title={`u left ${fixed(row.uniquenessFrom)}, u right ${fixed(row.uniquenessTo)}`}
      >
        {fixed(u)}
      </td>
      <td className="px-3 py-1.5">
        <span className="flex items-center gap-2">
          <span className="w-10 font-semibold tabular-nums text-zinc-900">{fixed(row.omega)}</span>
          <ScoreBar value={row.omega / maxOmega} className="w-20" />
        </span>
      </td>
      <td className="px-3 py-1.5 tabular-nums">
        {typeof row.containment === "number" ? `${Math.round(row.containment * 100)}%` : "—"}
      </td>
      <td className="px-3 py-1.5">
        <span
          className={`inline-flex rounded px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap ${rule.className}`}
        >
          {rule.label}
        </span>
      </td>
    </tr>
  );
}
