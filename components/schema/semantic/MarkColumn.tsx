"use client";

import { useState } from "react";
import type { SemanticEdit, TimeGrain } from "@/lib/core/model/semantic-model";
import { Button } from "@/components/ui/Button";
import { inputClass, selectClass } from "./FactBadge";

type As = "date" | "measure" | "flag";

/**
 * Marks any column of the table as a date (with its grain), a measure (with its unit) or a yes/no
 * flag (with its true value).
 */
export function MarkColumn({
  table,
  columns,
  busy,
  onSave,
}: {
  table: string;
  columns: Array<{ sqlName: string; name: string }>;
  busy: boolean;
  onSave: (e: SemanticEdit) => void;
}) {
  const [column, setColumn] = useState(columns[0]?.sqlName ?? "");
  const [as, setAs] = useState<As>("date");
  const [grain, setGrain] = useState<TimeGrain>("day");
  const [text, setText] = useState("");
  const edit = (): SemanticEdit =>
    as === "date"
      ? { kind: "date", table, column, value: { grain } }
      : as === "measure"
        ? { kind: "measure", table, column, value: { unit: text.trim() || null } }
        : { kind: "flag", table, column, value: { trueValues: [text.trim()] } };
  const ready = column && (as !== "flag" || text.trim());
  return (
    <form
      className="flex flex-wrap items-center gap-1 border-t border-zinc-200 pt-1.5"
      data-testid="semantic-mark"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onSave(edit());
      }}
    >
      <span className="text-zinc-500">Mark</span>
      <select
        aria-label="Column to mark"
        data-testid="semantic-mark-column"
        className={selectClass}
        value={column}
        onChange={(e) => setColumn(e.target.value)}
      >
        {columns.map((c) => (
          <option key={c.sqlName} value={c.sqlName}>
            {c.name}
          </option>
        ))}
      </select>
      <span className="text-zinc-500">as</span>
      <select
        aria-label="Mark as"
        data-testid="semantic-mark-as"
        className={selectClass}
        value={as}
        onChange={(e) => setAs(e.target.value as As)}
      >
        <option value="date">a date</option>
        <option value="measure">a measure</option>
        <option value="flag">a yes/no flag</option>
      </select>
      {as === "date" ? (
        <select
          aria-label="Grain"
          data-testid="semantic-mark-grain"
          className={selectClass}
          value={grain}
          onChange={(e) => setGrain(e.target.value as TimeGrain)}
        >
          {(["day", "month", "quarter", "year", "second"] as const).map((g) => (
            <option key={g} value={g}>
              per {g}
            </option>
          ))}
        </select>
      ) : (
        <input
          aria-label={as === "measure" ? "Unit" : "Value meaning yes"}
          data-testid="semantic-mark-text"
          className={inputClass}
          placeholder={as === "measure" ? "unit (min, USD)" : "value meaning yes"}
          value={text}
          maxLength={60}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      <Button type="submit" size="sm" className="!h-6" disabled={busy || !ready} data-testid="semantic-mark-save">
        Mark
      </Button>
    </form>
  );
}
