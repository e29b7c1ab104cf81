"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "@/components/api/client";
import { saveDescription } from "@/components/index/api";
import type { Description } from "@/components/index/types";
import { Button } from "@/components/ui/Button";
import { DescriptionForm, SaveError } from "./DescriptionForm";

interface DescriptionEditorProps {
  datasetId: string;
  table: string;
  /** Null edits the table's own description. */
  column: string | null;
  description: Description | null;
  onSaved: (d: Description) => void;
  testId: string;
}

/**
 * A description with an Edit button; an edited one is kept by re-indexing and says so. Mount it keyed by table/column.
 */
export function DescriptionEditor({ datasetId, table, column, description, onSaved, testId }: DescriptionEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (value: string | null) =>
      saveDescription(datasetId, {
        table,
        ...(column === null ? {} : { column }),
        text: value === null ? null : value.trim(),
      }),
    onSuccess: (d) => {
      onSaved(d);
      setDraft(null);
    },
    onError: (err) => setError(messageOf(err)),
  });
  const saving = mutation.isPending;
  const text = description?.text ?? "";

  /** Null text puts the generated description back. */
  const save = (value: string | null) => {
    setError(null);
    mutation.mutate(value);
  };
  const cancel = () => {
    setDraft(null);
    setError(null);
  };

  return (
    <div data-testid={testId} data-edited={description?.edited ? "true" : "false"} className="space-y-1.5">
      <div className="flex items-center gap-2">
        <h4 className="text-xs font-semibold text-zinc-500">Description</h4>
        {description?.edited ? (
          <span
            data-testid="description-edited"
            title="Edited by hand: re-indexing keeps it"
            className={
              "rounded bg-indigo-50 px-1.5 py-px text-[10px] font-medium text-indigo-700 ring-1 " +
              "ring-indigo-200 ring-inset"
            }
          >
            edited
          </span>
        ) : null}
        {draft === null ? (
          <span className="ml-auto flex items-center">
            {description?.edited ? (
              <Button
                size="sm"
                variant="ghost"
                data-testid="description-restore"
                title={
                  description.generated ? `Back to: ${description.generated}` : "Back to the generated description"
                }
                onClick={() => save(null)}
                disabled={saving}
              >
                Restore generated
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              data-testid="description-edit"
              onClick={() => setDraft(text)}
              disabled={saving}
            >
              Edit
            </Button>
          </span>
        ) : null}
      </div>
      {draft === null && error ? <SaveError message={error} /> : null}
      {draft === null ? (
        <p
          data-testid="description-text"
          className={`text-sm leading-relaxed ${text ? "text-zinc-800" : "text-zinc-400 italic"}`}
        >
          {text || "No description yet."}
        </p>
      ) : (
        <DescriptionForm
          draft={draft}
          label={column === null ? `Description of table ${table}` : `Description of column ${column}`}
          saving={saving}
          error={error}
          onChange={setDraft}
          onSave={() => save(draft)}
          onCancel={cancel}
        />
      )}
    </div>
  );
}
