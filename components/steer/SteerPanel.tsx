"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { rerun } from "@/components/compare/api";
import { columnKey } from "@/lib/core/model/column-ref";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import type { RunDetail } from "@/lib/core/api/runs";
import type { RunConstraintsInput } from "@/lib/core/retrieval/constraints/types";
import type { CellValue } from "@/lib/core/trace";
import { useMethods } from "@/components/workbench/queries";

type Pending =
  | { kind: "includeColumns" | "excludeColumns" | "includeEdges" | "excludeEdges"; target: string }
  | { kind: "conditions"; target: string; value: CellValue };

const WORDS: Record<Pending["kind"], string> = {
  includeColumns: "pin column",
  excludeColumns: "exclude column",
  includeEdges: "pin edge",
  excludeEdges: "exclude edge",
  conditions: "condition",
};

function toBody(list: Pending[]): RunConstraintsInput {
  const out: Required<RunConstraintsInput> = {
    includeColumns: [],
    excludeColumns: [],
    includeEdges: [],
    excludeEdges: [],
    conditions: [],
  };
  for (const p of list)
    if (p.kind === "conditions") out.conditions.push({ column: p.target, value: p.value });
    else out[p.kind].push(p.target);
  return out;
}

const BTN = "rounded border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-50";

/**
 * Steer a run: pin or exclude a column or one of the join's edges, add a condition from an
 * evidence cell, then re-run; the child run opens when it is stored.
 */
export function SteerPanel({ run, dataset }: { run: RunDetail; dataset: DatasetDetail }) {
  const router = useRouter();
  // Which methods take pins and exclusions is the server's registry's to say.
  const methods = useMethods(run.datasetId);
  const client = useQueryClient();
  const [pending, setPending] = useState<Pending[]>([]);
  const [column, setColumn] = useState("");
  const mutation = useMutation({
    mutationFn: () => rerun(run.id, toBody(pending)),
    onSuccess: (child) => {
      // The parent gains a child, the dataset a run.
      void client.invalidateQueries({ queryKey: queryKeys.run(run.id) });
      void client.invalidateQueries({ queryKey: queryKeys.runs(run.datasetId) });
      router.push(`/runs/${encodeURIComponent(child.runId)}`);
    },
  });
  if (!methods.data) return null;
  const steerable = methods.data.filter((m) => m.takesConstraints);
  if (!steerable.some((m) => m.id === run.method))
    return (
      <p className="text-xs text-zinc-500" data-testid="steer-unsupported">
        Pins and exclusions steer {steerable.map((m) => m.label).join(" and ") || "other methods'"} runs; compare this
        question with them to steer it.
      </p>
    );
  const add = (p: Pending) =>
    setPending((old) => (old.some((o) => o.kind === p.kind && o.target === p.target) ? old : [...old, p]));
  const columns = dataset.tables.flatMap((t) => t.columns.map((c) => columnKey(t.name, c.sqlName)));
  const edges = [
    ...new Set(run.events.flatMap((e) => (e.type === "join-path" ? e.edges.flatMap((x) => (x.id ? [x.id] : [])) : []))),
  ];
  // One button per column and value: several rows often share the value the answer rests on.
  const evidence = [
    ...new Map(
      (run.answer?.evidence ?? []).map((c) => [`${columnKey(c.table, c.column)}=${String(c.value)}`, c]),
    ).values(),
  ].slice(0, 8);
  return (
    <section className="space-y-2 rounded border border-zinc-200 bg-white p-3 text-sm" data-testid="steer-panel">
      <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Pin, exclude and re-run</h2>
      <div className="flex flex-wrap items-center gap-2">
        <select
          data-testid="steer-column"
          className="rounded border border-zinc-300 px-1 py-0.5 text-xs"
          value={column}
          onChange={(e) => setColumn(e.target.value)}
        >
          <option value="">column…</option>
          {columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={BTN}
          disabled={!column}
          data-testid="steer-pin"
          onClick={() => add({ kind: "includeColumns", target: column })}
        >
          Pin
        </button>
        <button
          type="button"
          className={BTN}
          disabled={!column}
          data-testid="steer-exclude"
          onClick={() => add({ kind: "excludeColumns", target: column })}
        >
          Exclude
        </button>
      </div>
      {edges.length ? (
        <ul className="flex flex-wrap gap-2 text-xs">
          {edges.map((id) => (
            <li key={id} className="inline-flex items-center gap-1 rounded bg-zinc-50 px-1">
              <span className="font-mono">{id}</span>
              <button type="button" className={BTN} onClick={() => add({ kind: "includeEdges", target: id })}>
                pin
              </button>
              <button
                type="button"
                className={BTN}
                data-testid="steer-exclude-edge"
                onClick={() => add({ kind: "excludeEdges", target: id })}
              >
                exclude
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {evidence.length ? (
        <ul className="flex flex-wrap gap-1 text-xs">
          {evidence.map((c) => (
            <li key={`${c.table}.${c.column}#${c.rowId}`}>
              <button
                type="button"
                className={BTN}
                data-testid="steer-condition"
                onClick={() => add({ kind: "conditions", target: columnKey(c.table, c.column), value: c.value })}
              >
                + {c.column} = {String(c.value)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {pending.length ? (
        <ul className="space-y-0.5 text-xs" data-testid="steer-pending">
          {pending.map((p) => (
            <li key={`${p.kind}:${p.target}`}>
              {WORDS[p.kind]} <span className="font-mono">{p.target}</span>
              {p.kind === "conditions" ? ` = ${String(p.value)}` : ""}{" "}
              <button
                type="button"
                className="text-red-700"
                onClick={() => setPending((o) => o.filter((x) => x !== p))}
              >
                remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        data-testid="steer-rerun"
        disabled={!pending.length || mutation.isPending}
        onClick={() => mutation.mutate()}
        className="rounded bg-indigo-600 px-3 py-1 text-xs text-white disabled:opacity-50"
      >
        {mutation.isPending ? "Re-running…" : "Re-run with these constraints"}
      </button>
      {mutation.isError ? (
        <p className="text-xs text-red-700" data-testid="steer-error">
          {mutation.error.message}
        </p>
      ) : null}
    </section>
  );
}
