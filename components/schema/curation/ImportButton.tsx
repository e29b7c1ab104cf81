"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { importGraph, type ImportReport, type StoredEdge } from "./api";
import { ImportPreview } from "./ImportPreview";
import { diffImport, type ImportDiff } from "./importDiff";

/**
 * Imports a curated graph file: first shows which edges it would add, remove and change, and
 * applies it only when the user says so; then says what was kept and what was refused, and why.
 */
export function ImportButton({ datasetId, current }: { datasetId: string; current: readonly StoredEdge[] }) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (file: unknown) => importGraph(datasetId, file),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.schemaGraphAll(datasetId) }),
        client.invalidateQueries({ queryKey: queryKeys.curation(datasetId) }),
      ]),
  });
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ name: string; file: unknown; diff: ImportDiff } | null>(null);
  const onFile = async (file: File) => {
    setError(null);
    setReport(null);
    setPreview(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setError(`"${file.name}" is not JSON; nothing was changed.`);
      return;
    }
    const edges = (parsed as { edges?: unknown } | null)?.edges;
    if (!Array.isArray(edges)) {
      setError(`"${file.name}" holds no "edges" list (export a graph to see the format); nothing was changed.`);
      return;
    }
    setPreview({ name: file.name, file: parsed, diff: diffImport(current, edges) });
  };
  const apply = async () => {
    if (!preview) return;
    try {
      setReport(await mutation.mutateAsync(preview.file));
      setPreview(null);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <>
      <label className="cursor-pointer text-xs text-indigo-700 hover:underline">
        Import JSON
        <input
          type="file"
          accept="application/json,.json"
          data-testid="import-graph"
          className="sr-only"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void onFile(f);
            e.target.value = "";
          }}
        />
      </label>
      {preview ? (
        <ImportPreview
          name={preview.name}
          diff={preview.diff}
          busy={mutation.isPending}
          onApply={() => void apply()}
          onCancel={() => setPreview(null)}
        />
      ) : null}
      {error ? (
        <p role="alert" data-testid="import-error" className="w-full text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {report ? (
        <div data-testid="import-report" className="w-full text-xs text-zinc-700">
          Imported {report.imported} edge(s) ({report.created} new, {report.updated} changed, {report.deleted} removed).
          {report.refused.length ? (
            <ul className="mt-0.5 list-disc pl-4 text-red-700">
              {report.refused.slice(0, 20).map((r) => (
                <li key={r.index}>
                  Edge {r.index + 1}: {r.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
