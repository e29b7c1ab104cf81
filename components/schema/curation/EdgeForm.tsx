"use client";

import { useState } from "react";
import { Button } from "@/components/ui/Button";
import type { CuratedKind, EdgeFields } from "./api";
import { useColumnLabel } from "@/components/names/NamesContext";

const KIND_LABELS: Record<CuratedKind, string> = {
  context: "Context (same table)",
  derivation: "Derivation (values come from)",
  join: "Join / key (same values)",
};

/** A kind that suits the two columns: context inside one table, join across tables. */
const defaultKind = (source: string, target: string): CuratedKind =>
  source.split(".")[0] === target.split(".")[0] ? "context" : "join";

/**
 * The form for a new edge: endpoints (filled in by a drag, or chosen here), kind and label.
 */
export function EdgeForm({
  columns,
  initial,
  busy,
  onSave,
  onCancel,
}: {
  columns: string[];
  initial: { source: string; target: string } | null;
  busy: boolean;
  onSave: (edge: EdgeFields) => void;
  onCancel: () => void;
}) {
  const [source, setSource] = useState(initial?.source ?? columns[0] ?? "");
  const [target, setTarget] = useState(initial?.target ?? columns[1] ?? "");
  const [kind, setKind] = useState<CuratedKind>(initial ? defaultKind(initial.source, initial.target) : "join");
  const [label, setLabel] = useState("");
  const select = "h-7 w-full rounded border border-zinc-300 bg-white px-1 text-xs";
  const label_ = useColumnLabel();
  return (
    <form
      data-testid="edge-form"
      className="space-y-1.5 rounded-md border border-indigo-200 bg-indigo-50/50 p-2 text-xs"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ source, target, kind, ...(label.trim() ? { label: label.trim() } : {}) });
      }}
    >
      <p className="font-semibold text-zinc-700">New edge</p>
      <label className="block">
        From
        <select data-testid="edge-source" className={select} value={source} onChange={(e) => setSource(e.target.value)}>
          {columns.map((c) => (
            <option key={c} value={c}>
              {label_(c)}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        To
        <select data-testid="edge-target" className={select} value={target} onChange={(e) => setTarget(e.target.value)}>
          {columns.map((c) => (
            <option key={c} value={c}>
              {label_(c)}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        Kind
        <select
          data-testid="edge-kind"
          className={select}
          value={kind}
          onChange={(e) => setKind(e.target.value as CuratedKind)}
        >
          {(Object.keys(KIND_LABELS) as CuratedKind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        Label
        <input
          data-testid="edge-label"
          className={select}
          value={label}
          maxLength={200}
          placeholder="what the link means"
          onChange={(e) => setLabel(e.target.value)}
        />
      </label>
      <div className="flex gap-1.5">
        <Button type="submit" size="sm" variant="primary" disabled={busy || !source || !target} data-testid="edge-save">
          Add edge
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
