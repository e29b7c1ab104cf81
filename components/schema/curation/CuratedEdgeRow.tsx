"use client";

import { useState } from "react";
import { Button } from "@/components/ui/Button";
import type { CuratedKind, EdgeFields, StoredEdge } from "./api";
import { useColumnLabel } from "@/components/names/NamesContext";

/** One kept edge: its ends, kind and label (editable), and delete. */
export function CuratedEdgeRow({
  edge,
  busy,
  onUpdate,
  onDelete,
}: {
  edge: StoredEdge;
  busy: boolean;
  onUpdate: (patch: Partial<EdgeFields>) => void;
  onDelete: () => void;
}) {
  const nameOf = useColumnLabel();
  const [label, setLabel] = useState(edge.label);
  const saveLabel = () => {
    if (label.trim() && label.trim() !== edge.label) onUpdate({ label: label.trim() });
  };
  return (
    <li
      data-testid="curated-edge"
      data-edge-id={edge.id}
      data-kind={edge.kind}
      data-status={edge.status}
      data-label={edge.label}
      className="space-y-1 rounded border border-zinc-200 bg-white p-1.5 text-xs"
    >
      <p className="break-all text-zinc-800">
        {nameOf(edge.source)} <span className="text-zinc-400">→</span> {nameOf(edge.target)}
        {edge.status !== "curated" ? (
          <span
            className={`ml-1 rounded px-1 ${
              edge.status === "rejected" ? "bg-red-50 text-red-700" : "bg-emerald-50 text-emerald-700"
            }`}
          >
            {edge.status}
          </span>
        ) : null}
      </p>
      <div className="flex items-center gap-1">
        <select
          aria-label="Kind"
          data-testid="curated-edge-kind"
          className="h-6 rounded border border-zinc-300 bg-white text-xs"
          value={edge.kind}
          disabled={busy}
          onChange={(e) => onUpdate({ kind: e.target.value as CuratedKind })}
        >
          <option value="context">context</option>
          <option value="derivation">derivation</option>
          <option value="join">join</option>
        </select>
        <input
          aria-label="Label"
          data-testid="curated-edge-label"
          className="h-6 min-w-0 flex-1 rounded border border-zinc-300 px-1 text-xs"
          value={label}
          maxLength={200}
          onChange={(e) => setLabel(e.target.value)}
          onBlur={saveLabel}
          onKeyDown={(e) => e.key === "Enter" && saveLabel()}
        />
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={onDelete}
          data-testid="curated-edge-delete"
          aria-label={`Delete edge ${edge.source} to ${edge.target}`}
        >
          ✕
        </Button>
      </div>
    </li>
  );
}
