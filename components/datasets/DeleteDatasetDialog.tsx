"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { DatasetSummary } from "@/lib/core/model/dataset";
import { messageOf } from "@/components/api/client";
import { deleteDataset } from "@/components/api/endpoints";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { plural } from "@/components/ui/format";

export function DeleteDatasetDialog({
  dataset,
  onClose,
}: {
  dataset: DatasetSummary;
  onClose: (deleted: boolean) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  // The list's owner drops the dataset from its cache in onClose(true) (useDatasets.remove).
  const remove = useMutation({ mutationFn: () => deleteDataset(dataset.id) });
  const busy = remove.isPending;

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      onClose(true);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <ConfirmDialog
      title={`Delete “${dataset.name}”?`}
      confirmLabel="Delete"
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={() => onClose(false)}
    >
      Its {plural(dataset.tableCount, "table")} and {plural(dataset.rowCount, "row")} will be removed from this machine.
      This cannot be undone.
    </ConfirmDialog>
  );
}
