import { useColumnLabel } from "@/components/names/NamesContext";
import { columnKey } from "@/lib/core/model/column-ref";
import type { ReactNode } from "react";

const tones = {
  zinc: "bg-zinc-100 text-zinc-700 ring-zinc-200",
  indigo: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  orange: "bg-orange-50 text-orange-800 ring-orange-200",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-200",
} as const;

export type Tone = keyof typeof tones;

export function Chip({
  children,
  tone = "zinc",
  title,
  testId,
}: {
  children: ReactNode;
  tone?: Tone;
  title?: string;
  testId?: string;
}) {
  return (
    <span
      title={title}
      data-testid={testId}
      className={
        `inline-flex max-w-full items-center gap-1 rounded break-all px-1.5 py-px text-[11px] leading-4 ` +
        `ring-1 ring-inset ${tones[tone]}`
      }
    >
      {children}
    </span>
  );
}

/** "table.column" in a compact mono style. */
/** A column as the file wrote its header (the event carries the generated identifier, kept as the title). */
export function ColumnName({ table, column }: { table: string; column: string }) {
  const label = useColumnLabel()(columnKey(table, column));
  return (
    <code className="font-mono text-[11px] break-all text-zinc-800" title={`${table}.${column}`}>
      <span className="text-zinc-500">{table}.</span>
      {label.slice(table.length + 1)}
    </code>
  );
}
