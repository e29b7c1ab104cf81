"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { uploadPassages } from "./api";
import type { AddPassagesResult } from "./types";

/** Picks passage files and uploads them; shows what was added, every problem and every note. */
export function PassageUpload({ datasetId }: { datasetId: string }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (files: File[]) => uploadPassages(datasetId, files),
    // New passages change the list, the graph G_d and HELIOS's note in the method picker.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.passagesAll(datasetId) }),
  });
  const busy = upload.isPending;
  const [result, setResult] = useState<AddPassagesResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async (files: File[]) => {
    if (!files.length) return;
    setError(null);
    setResult(null);
    try {
      setResult(await upload.mutateAsync(files));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      if (input.current) input.current.value = "";
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          multiple
          accept=".jsonl,.json,.csv,.txt,.md,.markdown"
          className="hidden"
          data-testid="passage-file-input"
          onChange={(e) => void send([...(e.target.files ?? [])])}
        />
        <Button size="sm" onClick={() => input.current?.click()} disabled={busy} data-testid="passage-upload-button">
          {busy ? "Adding…" : "Add passages"}
        </Button>
        <span className="text-xs text-zinc-500">
          JSONL of {"{title, text, url?}"} lines, a JSON object of title → text, a JSON array of {"{title, text}"}, CSV
          with title,text columns, or .txt / .md files (title = first heading or file name). Rows are linked to passages
          whose title a cell names.
        </span>
      </div>
      {error ? (
        <ErrorPanel title="No passages were added" testId="passage-upload-error">
          {error}
        </ErrorPanel>
      ) : null}
      {result ? (
        <div
          data-testid="passage-upload-result"
          className="space-y-1 rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-xs text-emerald-900"
        >
          <p>
            {`Added ${result.added} ${result.added === 1 ? "passage" : "passages"} (${result.total} in all); ` +
              `${result.links} links from rows to ${result.linkedPassages} passages.`}
          </p>
          {result.problems.length ? (
            <ul className="list-disc pl-5 text-red-800" data-testid="passage-problems">
              {result.problems.map((p, i) => (
                <li key={i} data-line={p.line}>
                  {p.file}: {p.message}
                </li>
              ))}
            </ul>
          ) : null}
          {result.notes.length ? (
            <ul className="list-disc pl-5 text-zinc-700">
              {result.notes.map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
