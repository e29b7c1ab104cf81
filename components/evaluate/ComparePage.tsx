"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { queryKeys } from "@/components/api/queryKeys";
import { messageOf } from "@/components/api/client";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { type BatchDiff, getBatch, getBatchDiff } from "./api";
import { runHref } from "./QuestionTable";
import { goldText } from "./model/goldText";

type Flipped = BatchDiff["fixed"][number];

function FlipList({
  title,
  rows,
  a,
  b,
  testId,
}: {
  title: string;
  rows: Flipped[];
  a: string;
  b: string;
  testId: string;
}) {
  return (
    <section className="space-y-1" data-testid={testId}>
      <h2 className="text-sm font-semibold">
        {title} <span className="font-normal text-zinc-500">({rows.length})</span>
      </h2>
      {rows.length ? null : <p className="text-xs text-zinc-500">None.</p>}
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white text-xs">
        {rows.map((f) => (
          <li
            key={`${f.questionId}-${f.method}`}
            className="grid grid-cols-[2fr_1fr_1fr] gap-3 px-3 py-2"
            data-testid="flipped-row"
          >
            <span>
              {f.question}{" "}
              <span className="text-zinc-400">
                ({f.method}; gold {goldText(f.gold)})
              </span>
            </span>
            {f.a.runId ? (
              <Link
                href={runHref(a, f.questionId, f.a.runId)}
                className="truncate text-indigo-700 hover:underline"
                data-testid="flipped-run-a"
              >
                before: {f.a.prediction || "(no answer)"}
              </Link>
            ) : (
              <span>before: {f.a.prediction}</span>
            )}
            {f.b.runId ? (
              <Link
                href={runHref(b, f.questionId, f.b.runId)}
                className="truncate text-indigo-700 hover:underline"
                data-testid="flipped-run-b"
              >
                after: {f.b.prediction || "(no answer)"}
              </Link>
            ) : (
              <span>after: {f.b.prediction}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Two batches side by side: the questions that went from wrong to right and from right to wrong. */
export function ComparePage({ a, b }: { a: string; b: string }) {
  const diff = useQuery({ queryKey: queryKeys.batchDiff(a, b), queryFn: ({ signal }) => getBatchDiff(a, b, signal) });
  const batchA = useQuery({ queryKey: queryKeys.batch(a), queryFn: ({ signal }) => getBatch(a, signal) });
  const batchB = useQuery({ queryKey: queryKeys.batch(b), queryFn: ({ signal }) => getBatch(b, signal) });
  if (diff.isError) return <ErrorPanel title="Could not compare the batches">{messageOf(diff.error)}</ErrorPanel>;
  if (!diff.data) return <p className="py-10 text-zinc-500">Comparing…</p>;
  const label = (r: typeof batchA.data) =>
    r
      ? [
          r.methods.join("+").toUpperCase(),
          "·",
          r.reasoner,
          Object.keys(r.params).length ? JSON.stringify(r.params) : "",
        ]
          .join(" ")
          .trim()
      : "…";
  return (
    <div className="space-y-4">
      <Breadcrumb crumbs={[{ label: "Datasets", href: "/" }, { label: "Compare batches" }]} />
      <h1 className="text-lg font-semibold">
        <Link href={`/batches/${encodeURIComponent(a)}`} className="text-indigo-700 hover:underline">
          {label(batchA.data)}
        </Link>
        {" → "}
        <Link href={`/batches/${encodeURIComponent(b)}`} className="text-indigo-700 hover:underline">
          {label(batchB.data)}
        </Link>
      </h1>
      <p className="text-xs text-zinc-500" data-testid="compare-summary">
        {diff.data.compared} answers compared; {diff.data.fixed.length} fixed, {diff.data.broken.length} broken.
        {diff.data.pairs.length ? "" : " The batches share no method, so nothing could be paired."}
      </p>
      <FlipList title="Wrong before, right after" rows={diff.data.fixed} a={a} b={b} testId="flipped-fixed" />
      <FlipList title="Right before, wrong after" rows={diff.data.broken} a={a} b={b} testId="flipped-broken" />
    </div>
  );
}
