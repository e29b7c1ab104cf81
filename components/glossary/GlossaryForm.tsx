"use client";

import { useState } from "react";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { columnKey } from "@/lib/core/model/column-ref";
import type { GlossaryEntry } from "@/lib/core/retrieval/glossary";
import { Button } from "@/components/ui/Button";

const TARGETS = [
  { id: "column", label: "a column", hint: "“expensive” → UnitPrice" },
  { id: "value", label: "a value", hint: "“Big Apple” → City = New York" },
  { id: "filter", label: "a filter", hint: "“US” → Country = USA" },
] as const;

/** The form for one glossary entry: a phrase, what it means (column, value or filter), the column and value. */
export function GlossaryForm({
  dataset,
  initial,
  busy,
  onSave,
  onCancel,
}: {
  dataset: Pick<DatasetDetail, "tables">;
  initial?: GlossaryEntry;
  busy: boolean;
  onSave: (e: GlossaryEntry) => void;
  onCancel?: () => void;
}) {
  const [phrase, setPhrase] = useState(initial?.phrase ?? "");
  const [target, setTarget] = useState<GlossaryEntry["target"]>(initial?.target ?? "column");
  const [column, setColumn] = useState(initial?.column ?? "");
  const [value, setValue] = useState(initial?.value ?? "");
  const options = dataset.tables.flatMap((t) =>
    t.columns.map((c) => ({ id: columnKey(t.name, c.sqlName), label: `${t.name} · ${c.name}` })),
  );
  const ready = phrase.trim() && column && (target === "column" || value.trim());
  return (
    <form
      data-testid="glossary-form"
      className="flex flex-wrap items-end gap-2 rounded-md border border-zinc-200 bg-zinc-50 p-2 text-xs"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        onSave({ phrase: phrase.trim(), target, column, ...(target === "column" ? {} : { value }) });
      }}
    >
      <label className="flex flex-col gap-0.5">
        <span className="text-zinc-600">Word or phrase</span>
        <input
          data-testid="glossary-phrase"
          value={phrase}
          onChange={(e) => setPhrase(e.target.value)}
          placeholder="expensive"
          maxLength={100}
          className="h-7 w-40 rounded border border-zinc-300 bg-white px-1.5"
        />
      </label>
      <label className="flex flex-col gap-0.5">
        <span className="text-zinc-600">means</span>
        <select
          data-testid="glossary-target"
          value={target}
          onChange={(e) => setTarget(e.target.value as GlossaryEntry["target"])}
          className="h-7 rounded border border-zinc-300 bg-white px-1"
        >
          {TARGETS.map((t) => (
            <option key={t.id} value={t.id} title={t.hint}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-0.5">
        <span className="text-zinc-600">Column</span>
        <select
          data-testid="glossary-column"
          value={column}
          onChange={(e) => setColumn(e.target.value)}
          className="h-7 max-w-64 rounded border border-zinc-300 bg-white px-1"
        >
          <option value="">Choose a column…</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {target === "column" ? null : (
        <label className="flex flex-col gap-0.5">
          <span className="text-zinc-600">{target === "filter" ? "= value" : "Value"}</span>
          <input
            data-testid="glossary-value"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder="USA"
            maxLength={500}
            className="h-7 w-36 rounded border border-zinc-300 bg-white px-1.5"
          />
        </label>
      )}
      <Button type="submit" size="sm" variant="primary" disabled={busy || !ready} data-testid="glossary-save">
        {initial ? "Save" : "Add"}
      </Button>
      {onCancel ? (
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}
