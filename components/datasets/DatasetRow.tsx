"use client";

import Link from "next/link";
import { useState } from "react";
import type { DatasetSummary } from "@/lib/core/model/dataset";
import { Button } from "@/components/ui/Button";
import { formatBytes, formatDateTime, formatNumber } from "@/components/ui/format";
import { DeleteDatasetDialog } from "./DeleteDatasetDialog";
import { RenameForm } from "./RenameForm";

interface DatasetRowProps {
  dataset: DatasetSummary;
  onRenamed: (dataset: DatasetSummary) => void;
  onDeleted: () => void;
}

export function DatasetRow({ dataset, onRenamed, onDeleted }: DatasetRowProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const num = "px-4 py-2 text-right whitespace-nowrap tabular-nums text-zinc-700";

  return (
    <tr data-testid="dataset-row" data-dataset-id={dataset.id} className="group hover:bg-zinc-50">
      <td className="min-w-[12rem] px-4 py-2 sm:w-[40%]">
        {editing ? (
          <RenameForm
            dataset={dataset}
            onDone={(updated) => {
              setEditing(false);
              if (updated) onRenamed(updated);
            }}
          />
        ) : (
          <Link
            href={`/datasets/${encodeURIComponent(dataset.id)}`}
            data-testid="dataset-link"
            className="block font-medium break-words text-indigo-700 hover:underline"
            title={dataset.name}
          >
            {dataset.name}
          </Link>
        )}
      </td>
      <td className={num}>{formatNumber(dataset.tableCount)}</td>
      <td className={num}>{formatNumber(dataset.rowCount)}</td>
      <td className={num}>{formatBytes(dataset.sizeBytes)}</td>
      <td className="px-4 py-2 whitespace-nowrap text-zinc-600">
        <time dateTime={dataset.createdAt}>{formatDateTime(dataset.createdAt)}</time>
      </td>
      <td className="px-4 py-2">
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="sm"
            data-testid="dataset-rename"
            aria-label={`Rename ${dataset.name}`}
            onClick={() => setEditing(true)}
            disabled={editing}
          >
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            data-testid="dataset-delete"
            aria-label={`Delete ${dataset.name}`}
            className="hover:!bg-red-50 hover:!text-red-700"
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        </div>
        {confirming ? (
          <DeleteDatasetDialog
            dataset={dataset}
            onClose={(deleted) => {
              setConfirming(false);
              if (deleted) onDeleted();
            }}
          />
        ) : null}
      </td>
    </tr>
  );
}
