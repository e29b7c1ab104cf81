"use client";

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteDataset(dataset.id);
      onClose(true);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
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
