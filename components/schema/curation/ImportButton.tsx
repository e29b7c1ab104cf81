"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { importGraph, type ImportReport } from "./api";

/** Imports a curated graph file; says what was kept and what was refused, and why. */
export function ImportButton({ datasetId }: { datasetId: string }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
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
  const onFile = async (file: File) => {
    setError(null);
    setReport(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setError(`"${file.name}" is not JSON; nothing was changed.`);
      return;
    }
    try {
      setReport(await mutation.mutateAsync(parsed));
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <>
      <label className="cursor-pointer text-xs text-indigo-700 hover:underline">
        Import JSON
        <input
          ref={input}
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
