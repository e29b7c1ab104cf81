"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { getDataset } from "@/components/api/endpoints";
import { queryKeys } from "@/components/api/queryKeys";
import { getRunDiff } from "@/components/compare/api";
import { methodLabel } from "@/components/compare/methodStyle";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import { displaySql } from "@/components/workbench/model/displaySql";
import { CellDiff } from "./CellDiff";
import { SqlDiff } from "./SqlDiff";

const H2 = "text-xs font-semibold tracking-wide text-zinc-500 uppercase";
const show = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

/** Two stored runs side by side: answers, SQL diff, columns and cells retrieved, parameters, stage timing. */
export function DiffPage({ a, b }: { a: string; b: string }) {
  const diff = useQuery({ queryKey: queryKeys.diff(a, b), queryFn: ({ signal }) => getRunDiff(a, b, signal) });
  const datasetId = diff.data?.runs.a.datasetId;
  const dataset = useQuery({
    queryKey: queryKeys.datasetDetail(datasetId ?? ""),
    queryFn: ({ signal }) => getDataset(datasetId!, signal),
    enabled: !!datasetId,
  });
  if (diff.isError)
    return (
      <ErrorPanel title="Could not diff the runs" testId="diff-error">
        {diff.error.message}
      </ErrorPanel>
    );
  if (!diff.data)
    return (
      <p className="flex items-center gap-2 py-10 text-zinc-500">
        <Spinner /> Loading diff…
      </p>
    );
  const d = diff.data;
  const runLink = (r: typeof d.runs.a, name: string) => (
    <Link href={`/runs/${encodeURIComponent(r.id)}`} className="text-indigo-700 hover:underline">
      {name}: {methodLabel(r.method)} · {r.reasoner}
    </Link>
  );
  return (
    <div className="space-y-5" data-testid="diff-page">
      <header className="space-y-1">
        <Breadcrumb crumbs={[{ label: "Datasets", href: "/" }, { label: "Diff of two runs" }]} />
        <h1 className="text-lg font-semibold tracking-tight text-zinc-900">{d.runs.b.question}</h1>
        <p className="flex gap-4 text-xs">
          {runLink(d.runs.a, "A")} {runLink(d.runs.b, "B")}
        </p>
      </header>
      <section className="space-y-1">
        <h2 className={H2}>Answers</h2>
        <p data-testid="diff-answer-same" className="text-sm">
          {d.answer.same ? "Same answer." : "The answers differ."}
        </p>
        <div className="grid grid-cols-2 gap-3 text-sm">
          <p data-testid="diff-answer-a">A: {d.answer.a?.text ?? "no answer"}</p>
          <p data-testid="diff-answer-b">B: {d.answer.b?.text ?? "no answer"}</p>
        </div>
      </section>
      <section className="space-y-1">
        <h2 className={H2}>SQL (A → B)</h2>
        <SqlDiff a={d.sql.a === null ? null : displaySql(d.sql.a)} b={d.sql.b === null ? null : displaySql(d.sql.b)} />
      </section>
      <section className="space-y-1" data-testid="diff-columns">
        <h2 className={H2}>Columns retrieved</h2>
        <ul className="flex flex-wrap gap-1 text-xs">
          {d.columns.added.map((c) => (
            <li key={`+${c}`} className="rounded bg-emerald-100 px-1 text-emerald-900" data-testid="diff-column-added">
              + {c}
            </li>
          ))}
          {d.columns.removed.map((c) => (
            <li
              key={`-${c}`}
              className="rounded bg-red-100 px-1 text-red-800 line-through"
              data-testid="diff-column-removed"
            >
              − {c}
            </li>
          ))}
          {d.columns.common.map((c) => (
            <li key={`=${c}`} className="rounded bg-zinc-100 px-1 text-zinc-700">
              {c}
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-1">
        <h2 className={H2}>Cells retrieved</h2>
        {dataset.data ? (
          <CellDiff datasetId={dataset.data.id} tables={dataset.data.tables} cells={d.cells} />
        ) : (
          <Spinner />
        )}
      </section>
      <section className="space-y-1">
        <h2 className={H2}>Parameters that changed</h2>
        {d.params.changed.length ? (
          <table className="text-xs" data-testid="diff-params">
            <tbody>
              {d.params.changed.map((p) => (
                <tr key={p.name}>
                  <th className="pr-3 text-left font-medium">{p.name}</th>
                  <td className="pr-3 text-red-800">{show(p.a)}</td>
                  <td className="text-emerald-900">{show(p.b)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-xs text-zinc-500">None.</p>
        )}
      </section>
      <section className="space-y-1">
        <h2 className={H2}>Time per stage</h2>
        <table className="text-xs tabular-nums" data-testid="diff-stages">
          <thead>
            <tr className="text-zinc-500">
              <th className="pr-3 text-left">Stage</th>
              <th className="pr-3 text-right">A</th>
              <th className="text-right">B</th>
            </tr>
          </thead>
          <tbody>
            {d.stages.map((s) => (
              <tr key={s.stage}>
                <td className="pr-3">{s.stage}</td>
                <td className="pr-3 text-right">{s.a === null ? "—" : `${Math.round(s.a)} ms`}</td>
                <td className="text-right">{s.b === null ? "—" : `${Math.round(s.b)} ms`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
