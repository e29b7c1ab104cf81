"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { DatasetSummary } from "@/lib/core/model/dataset";
import { messageOf } from "@/components/api/client";
import { renameDataset } from "@/components/api/endpoints";
import { Button } from "@/components/ui/Button";

/** Inline rename: Enter saves, Esc cancels. `onDone(null)` means nothing changed. */
export function RenameForm({
  dataset,
  onDone,
}: {
  dataset: DatasetSummary;
  onDone: (updated: DatasetSummary | null) => void;
}) {
  const [name, setName] = useState(dataset.name);
  const [error, setError] = useState<string | null>(null);
  // The list's owner updates its cache in onDone (DatasetList → useDatasets.replace).
  const rename = useMutation({ mutationFn: (next: string) => renameDataset(dataset.id, next) });
  const saving = rename.isPending;
  const inputId = `rename-${dataset.id}`;

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError("The name cannot be empty.");
    if (trimmed === dataset.name) return onDone(null);
    setError(null);
    try {
      onDone(await rename.mutateAsync(trimmed));
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="flex items-center gap-1">
        <label htmlFor={inputId} className="sr-only">
          New name for {dataset.name}
        </label>
        <input
          id={inputId}
          data-testid="dataset-rename-input"
          autoFocus
          value={name}
          maxLength={200}
          disabled={saving}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              onDone(null);
            }
          }}
          onFocus={(e) => e.target.select()}
          className={
            "h-7 min-w-0 flex-1 rounded-md border border-zinc-300 px-2 text-sm focus:border-indigo-500 " +
            "focus:outline-none"
          }
        />
        <Button type="submit" variant="primary" size="sm" data-testid="dataset-rename-save" disabled={saving}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDone(null)} disabled={saving}>
          Cancel
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
