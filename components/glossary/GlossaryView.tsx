"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { parseColumnKey } from "@/lib/core/model/column-ref";
import {
  addGlossaryEntry,
  deleteGlossaryEntry,
  getGlossary,
  updateGlossaryEntry,
  type GlossaryEntry,
  type StoredGlossaryEntry,
} from "./api";
import { GlossaryForm } from "./GlossaryForm";

/** "Customers · Country = USA": an entry's meaning in the dataset's own names. */
function meaning(e: GlossaryEntry, dataset: Pick<DatasetDetail, "tables">): string {
  const ref = parseColumnKey(e.column);
  const table = dataset.tables.find((t) => t.name === ref.table);
  const name = table?.columns.find((c) => c.sqlName === ref.column)?.name ?? ref.column;
  const col = `${ref.table} · ${name}`;
  if (e.target === "column") return `the column ${col}`;
  if (e.target === "value") return `the value “${e.value}” of ${col}`;
  return `rows where ${col} = “${e.value}”`;
}

/**
 * The dataset's glossary: what a word of the questions means. Column entries join their column's
 * names for schema linking and the answer; value and filter entries become value hints. Stored
 * at once; exported and imported with the schema graph (Schema graph → Export JSON).
 */
export function GlossaryView({ dataset }: { dataset: Pick<DatasetDetail, "id" | "tables"> }) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.glossary(dataset.id),
    queryFn: ({ signal }) => getGlossary(dataset.id, signal),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const mutation = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.glossary(dataset.id) }),
  });
  const run = async (fn: () => Promise<unknown>) => {
    try {
      await mutation.mutateAsync(fn);
      return true;
    } catch {
      return false;
    }
  };
  const entries: StoredGlossaryEntry[] = list.data ?? [];
  return (
    <section aria-label="Glossary" data-testid="glossary" className="max-w-4xl space-y-3">
      <p className="text-sm text-zinc-600">
        Tell the app what a word of your questions means. A word for a column (“expensive” → UnitPrice) is read as
        another name of that column when questions are linked to columns and answered; a word for a value or a filter
        (“US” → Country = USA) is looked up as that value. Export JSON on the Schema graph tab carries the glossary.
      </p>
      <GlossaryForm
        key={formKey}
        dataset={dataset}
        busy={mutation.isPending}
        onSave={async (e) => {
          if (await run(() => addGlossaryEntry(dataset.id, e))) setFormKey((k) => k + 1);
        }}
      />
      {mutation.error ? (
        <ErrorPanel title="The glossary was not changed" testId="glossary-error">
          {messageOf(mutation.error)}
        </ErrorPanel>
      ) : null}
      {list.error ? <ErrorPanel title="Could not load the glossary">{messageOf(list.error)}</ErrorPanel> : null}
      {list.data && !entries.length ? (
        <p className="text-xs text-zinc-500">No words yet.</p>
      ) : (
        <ul className="space-y-1" data-testid="glossary-entries">
          {entries.map((e) =>
            editing === e.id ? (
              <li key={e.id}>
                <GlossaryForm
                  dataset={dataset}
                  initial={e}
                  busy={mutation.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={async (next) => {
                    if (await run(() => updateGlossaryEntry(dataset.id, e.id, next))) setEditing(null);
                  }}
                />
              </li>
            ) : (
              <li
                key={e.id}
                data-testid="glossary-entry"
                data-phrase={e.phrase}
                className="flex flex-wrap items-center gap-2 rounded border border-zinc-200 bg-white px-2 py-1 text-sm"
              >
                <span className="font-medium text-zinc-900">“{e.phrase}”</span>
                <span className="text-zinc-500">means</span>
                <span className="min-w-0 flex-1 text-zinc-800">{meaning(e, dataset)}</span>
                <Button size="sm" variant="ghost" onClick={() => setEditing(e.id)} data-testid="glossary-edit">
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={mutation.isPending}
                  onClick={() => run(() => deleteGlossaryEntry(dataset.id, e.id))}
                  data-testid="glossary-delete"
                  aria-label={`Delete “${e.phrase}”`}
                >
                  ✕
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
