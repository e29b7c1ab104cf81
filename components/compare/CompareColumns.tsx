"use client";

import Link from "next/link";
import { Spinner } from "@/components/ui/Spinner";
import { ShownSql } from "@/components/names/NamesContext";
import { METHOD_STYLES, methodLabel } from "./methodStyle";
import type { LaneSummary } from "./model";

const AGREE = "border-emerald-300 bg-emerald-50";
const DIFFER = "border-amber-300 bg-amber-50";

/** Agreement at a glance: which methods gave the same answer. */
export function Agreement({ lanes }: { lanes: LaneSummary[] }) {
  if (lanes.some((l) => l.status === "running")) return null;
  const groups = new Map<number, string[]>();
  for (const l of lanes)
    if (l.group !== null) groups.set(l.group, [...(groups.get(l.group) ?? []), methodLabel(l.method)]);
  const silent = lanes.filter((l) => l.group === null).map((l) => methodLabel(l.method));
  const parts = [...groups.values()].map((g) => (g.length > 1 ? `${g.join(" and ")} agree` : `${g[0]} stands alone`));
  if (silent.length) parts.push(`${silent.join(", ")} gave no answer`);
  const all = groups.size === 1 && !silent.length;
  return (
    <p data-testid="compare-agreement" className={`rounded border px-3 py-2 text-sm ${all ? AGREE : DIFFER}`}>
      {all ? "All methods agree." : `${parts.join("; ")}.`}
    </p>
  );
}

/** One column per method: answer, operation, latency, tokens, evidence cells and SQL. */
export function CompareColumns({ lanes }: { lanes: LaneSummary[] }) {
  return (
    <div className="grid gap-3" style={{ gridTemplateColumns: `repeat(${lanes.length}, minmax(0, 1fr))` }}>
      {lanes.map((l, i) => (
        <section
          key={l.method}
          data-testid={`compare-column-${l.method}`}
          data-status={l.status}
          className="min-w-0 space-y-2 rounded border border-zinc-200 bg-white p-3 text-sm"
        >
          <h3 className="flex items-center gap-1.5 font-semibold">
            <span style={{ color: METHOD_STYLES[i].color }} title={METHOD_STYLES[i].name} aria-hidden="true">
              {METHOD_STYLES[i].shape}
            </span>
            {methodLabel(l.method)}
            {l.status === "running" ? <Spinner /> : null}
            <Link href={`/runs/${encodeURIComponent(l.runId)}`} className="ml-auto text-xs font-normal text-indigo-700">
              run
            </Link>
          </h3>
          <p data-testid={`compare-answer-${l.method}`} className="font-medium break-words text-zinc-900">
            {l.answer ? l.answer.text : l.error ? `Failed: ${l.error}` : l.status === "running" ? "…" : "No answer"}
          </p>
          {l.answer?.verdict ? (
            <p className="text-xs text-zinc-600">
              {l.answer.verdict}
              {l.answer.confidence !== undefined ? ` · ${Math.round(l.answer.confidence * 100)}% sure` : ""}
            </p>
          ) : null}
          <dl className="grid grid-cols-2 gap-x-2 text-xs text-zinc-600">
            <dt>Operation</dt>
            <dd>{l.answer?.operation ?? "—"}</dd>
            <dt>Latency</dt>
            <dd data-testid={`compare-ms-${l.method}`}>{l.ms === null ? "—" : `${Math.round(l.ms)} ms`}</dd>
            <dt>Tokens</dt>
            <dd>{l.tokens.input + l.tokens.output ? `${l.tokens.input} in / ${l.tokens.output} out` : "0 (local)"}</dd>
            <dt>Evidence cells</dt>
            <dd>{l.answer?.evidence.length ?? 0}</dd>
          </dl>
          {l.answer?.sql ? (
            <pre
              data-testid={`compare-sql-${l.method}`}
              className="max-h-40 overflow-auto rounded bg-zinc-50 p-2 text-[11px] whitespace-pre-wrap"
            >
              <ShownSql sql={l.answer.sql} />
            </pre>
          ) : null}
          {l.status !== "running"
            ? lanes
                .filter((o) => o.method !== l.method && o.status !== "running")
                .slice(0, 1)
                .map((o) => (
                  <Link
                    key={o.runId}
                    href={`/runs/${encodeURIComponent(l.runId)}/diff/${encodeURIComponent(o.runId)}`}
                    className="block text-xs text-indigo-700 hover:underline"
                  >
                    Diff with {methodLabel(o.method)}
                  </Link>
                ))
            : null}
        </section>
      ))}
    </div>
  );
}
