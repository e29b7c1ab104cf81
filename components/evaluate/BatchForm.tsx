"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { useMethods, useReasoners } from "@/components/workbench/queries";
import { Button } from "@/components/ui/Button";
import { startBatch } from "./api";

/**
 * Methods × reasoner × parameters (JSON, shared by the methods; each keeps the ones it knows). The
 * methods are the server's (its registry): the first is chosen until the person picks.
 */
export function BatchForm({ setId, datasetId }: { setId: string; datasetId: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const catalog = useMethods(datasetId).data ?? [];
  const [picked, setMethods] = useState<string[] | null>(null);
  const methods = picked ?? catalog.slice(0, 1).map((m) => m.id);
  const [reasoner, setReasoner] = useState("local");
  const [paramsText, setParamsText] = useState("{}");
  const reasoners = useReasoners();
  const list = reasoners.data?.reasoners ?? [];
  const start = useMutation({
    mutationFn: () => {
      let params: Record<string, unknown>;
      try {
        params = JSON.parse(paramsText || "{}") as Record<string, unknown>;
      } catch {
        throw new Error('Parameters must be a JSON object, e.g. {"k": 5}.');
      }
      return startBatch(setId, { methods, reasoner, params });
    },
    onSuccess: ({ batchId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.batches(setId) });
      router.push(`/batches/${encodeURIComponent(batchId)}`);
    },
  });
  const toggle = (id: string) => setMethods(methods.includes(id) ? methods.filter((x) => x !== id) : [...methods, id]);
  return (
    <form
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        start.mutate();
      }}
      data-testid="batch-form"
    >
      <h2 className="text-sm font-semibold">Run a batch</h2>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-1 text-xs text-zinc-500">Methods</legend>
        {catalog.map((m) => (
          <label key={m.id} className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={methods.includes(m.id)}
              onChange={() => toggle(m.id)}
              data-testid={`batch-method-${m.id}`}
            />
            {m.label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs text-zinc-500">
          Reasoner
          <select
            value={reasoner}
            onChange={(e) => setReasoner(e.target.value)}
            className="h-8 rounded-md border border-zinc-300 px-2 text-sm text-zinc-900"
            data-testid="batch-reasoner"
          >
            {(list.length ? list : [{ id: "local", label: "local", available: true }]).map((r) => (
              <option key={r.id} value={r.id} disabled={!r.available}>
                {r.label ?? r.id}
                {r.available ? "" : " (not configured)"}
              </option>
            ))}
          </select>
        </label>
        <label className="flex grow flex-col gap-1 text-xs text-zinc-500">
          Parameters (JSON)
          <input
            value={paramsText}
            onChange={(e) => setParamsText(e.target.value)}
            className="h-8 rounded-md border border-zinc-300 px-2 font-mono text-xs text-zinc-900"
            data-testid="batch-params"
          />
        </label>
        <Button type="submit" variant="primary" disabled={!methods.length || start.isPending} data-testid="batch-start">
          {start.isPending ? "Starting…" : "Run batch"}
        </Button>
      </div>
      {start.isError ? (
        <p className="text-xs text-red-700" role="alert" data-testid="batch-start-error">
          {messageOf(start.error)}
        </p>
      ) : null}
    </form>
  );
}
