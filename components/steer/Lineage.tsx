"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import Link from "next/link";
import { useState } from "react";
import { methodLabel } from "@/components/compare/methodStyle";
import { listRuns } from "@/components/workbench/api/endpoints";
import type { RunDetail } from "@/lib/core/api/runs";
import { constraintWords } from "@/lib/core/names/constraint-words";
import { useColumnLabel } from "@/components/names/NamesContext";

const enc = encodeURIComponent;

/** Parent → this run → children, each one click from its diff; and a diff with any other run. */
export function Lineage({ run }: { run: RunDetail }) {
  const start = run.events.find((e) => e.type === "run-start");
  const parentId = start?.type === "run-start" ? start.parentRunId : undefined;
  const constraints = start?.type === "run-start" ? start.constraints : undefined;
  const steered = run.events.filter((e) => e.type === "constraint");
  // A run answered with a given program: the user picked one of its parent's readings.
  const picked = start?.type === "run-start" && start.params.program !== undefined && !constraints;
  const others = useQuery({
    queryKey: queryKeys.runs(run.datasetId),
    queryFn: ({ signal }) => listRuns(run.datasetId, signal),
  });
  const [other, setOther] = useState("");
  const columnLabel = useColumnLabel();
  return (
    <section className="space-y-1.5 rounded border border-zinc-200 bg-white p-3 text-sm" data-testid="lineage">
      <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Lineage and diff</h2>
      {parentId ? (
        <p>
          {picked ? "Re-answered from " : "Re-run of "}
          <Link
            href={`/runs/${enc(parentId)}`}
            className="text-indigo-700 hover:underline"
            data-testid="lineage-parent"
          >
            its parent run
          </Link>{" "}
          {picked
            ? "with the reading you picked."
            : `with ${steered.length} constraint event${steered.length === 1 ? "" : "s"}.`}{" "}
          <Link
            href={`/runs/${enc(parentId)}/diff/${enc(run.id)}`}
            className="rounded bg-indigo-600 px-2 py-0.5 text-xs text-white"
            data-testid="diff-with-parent"
          >
            Diff with parent
          </Link>
        </p>
      ) : null}
      {constraints ? (
        <ul
          className="list-inside list-disc rounded bg-zinc-50 p-1 text-xs text-zinc-700"
          data-testid="run-constraints"
        >
          {constraintWords(constraints, columnLabel).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {run.children?.length ? (
        <ul className="space-y-0.5 text-xs" data-testid="lineage-children">
          {run.children.map((c) => (
            <li key={c.id}>
              Child:{" "}
              <Link href={`/runs/${enc(c.id)}`} className="text-indigo-700 hover:underline">
                {c.answer?.text ?? c.status}
              </Link>{" "}
              ·{" "}
              <Link href={`/runs/${enc(run.id)}/diff/${enc(c.id)}`} className="text-indigo-700 hover:underline">
                diff
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-center gap-2 text-xs">
        <label htmlFor="diff-pick">Diff with another run</label>
        <select
          id="diff-pick"
          data-testid="diff-pick"
          className="max-w-96 rounded border border-zinc-300 px-1 py-0.5"
          value={other}
          onChange={(e) => setOther(e.target.value)}
        >
          <option value="">choose a run…</option>
          {(others.data ?? [])
            .filter((r) => r.id !== run.id)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {methodLabel(r.method)} · {r.question.slice(0, 60)} → {r.answer?.text.slice(0, 30) ?? r.status}
              </option>
            ))}
        </select>
        {other ? (
          <Link
            href={`/runs/${enc(run.id)}/diff/${enc(other)}`}
            className="text-indigo-700 hover:underline"
            data-testid="diff-open"
          >
            Open diff
          </Link>
        ) : null}
      </div>
    </section>
  );
}
