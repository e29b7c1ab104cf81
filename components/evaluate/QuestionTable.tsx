"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { useMemo, useRef, useState } from "react";
import type { BatchItemRow } from "./api";
import {
  filterRows,
  type MethodCell,
  pivotItems,
  type QuestionRow,
  type SortKey,
  sortRows,
} from "./model/questionRows";
import { goldText } from "./model/goldText";

const ROW_HEIGHT = 52;
const ROW_CLASS =
  "absolute inset-x-0 grid items-center gap-3 border-b border-zinc-100 px-3 text-xs hover:bg-indigo-50/40";

/** The run page of one method's answer, with the batch's gold cells outlined on its heatmap. */
export function runHref(batchId: string, questionId: string, runId: string): string {
  return `/runs/${encodeURIComponent(runId)}?batch=${encodeURIComponent(batchId)}&q=${encodeURIComponent(questionId)}`;
}

function Verdict({ cell }: { cell: MethodCell | undefined }) {
  if (!cell) return <span className="text-zinc-400">pending</span>;
  const mark = cell.correct === null ? "?" : cell.correct ? "✓" : "✗";
  const tone = cell.correct === null ? "text-zinc-500" : cell.correct ? "text-emerald-700" : "text-red-700";
  return (
    <span className="flex min-w-0 items-baseline gap-1.5">
      <span className={`font-semibold ${tone}`}>{mark}</span>
      <span className="truncate text-zinc-700" title={cell.error ?? cell.prediction}>
        {cell.error && !cell.prediction ? cell.error : cell.prediction || "(no answer)"}
      </span>
    </span>
  );
}

/** Per-question results, one row per question and a column per method: virtualised, sortable, filtered. */
export function QuestionTable({
  batchId,
  methods,
  items,
}: {
  batchId: string;
  methods: string[];
  items: BatchItemRow[];
}) {
  const [wrongOnly, setWrongOnly] = useState(false);
  const [disagree, setDisagree] = useState(false);
  const [tag, setTag] = useState<string | null>(null);
  const [sort, setSort] = useState<{ key: SortKey; dir: "asc" | "desc" }>({ key: "position", dir: "asc" });
  const all = useMemo(() => pivotItems(items), [items]);
  const tags = useMemo(() => [...new Set(all.flatMap((r) => r.tags))].sort(), [all]);
  const rows = useMemo(
    () => sortRows(filterRows(all, { wrongOnly, tag, disagree }), sort.key, sort.dir),
    [all, wrongOnly, tag, disagree, sort],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const columns = `3rem minmax(16rem,2fr) minmax(8rem,1fr) ${methods.map(() => "minmax(10rem,1fr)").join(" ")} 5rem`;
  const header = (key: SortKey, label: string) => (
    <button
      type="button"
      className="text-left font-medium hover:text-zinc-900"
      onClick={() => setSort((s) => ({ key, dir: s.key === key && s.dir === "asc" ? "desc" : "asc" }))}
      title={`Sort by ${label}`}
      data-testid={`sort-${key}`}
    >
      {label}
      {sort.key === key ? (sort.dir === "asc" ? " ↑" : " ↓") : ""}
    </button>
  );
  const firstRun = (r: QuestionRow) => {
    const cells = methods.map((m) => r.byMethod[m]).filter((c): c is MethodCell => Boolean(c?.runId));
    return (cells.find((c) => c.correct === false) ?? cells[0])?.runId ?? null;
  };
  return (
    <section className="space-y-2" data-testid="question-table">
      <div className="flex flex-wrap items-center gap-4 text-xs">
        <label className="flex items-center gap-1.5">
          <input
            type="checkbox"
            checked={wrongOnly}
            onChange={(e) => setWrongOnly(e.target.checked)}
            data-testid="filter-wrong"
          />
          Wrong only
        </label>
        <label className="flex items-center gap-1.5">
          <input
            type="checkbox"
            checked={disagree}
            onChange={(e) => setDisagree(e.target.checked)}
            data-testid="filter-disagree"
          />
          Methods disagree
        </label>
        <label className="flex items-center gap-1.5">
          Tag
          <select
            value={tag ?? ""}
            onChange={(e) => setTag(e.target.value || null)}
            className="h-7 rounded border border-zinc-300 px-1"
            data-testid="filter-tag"
          >
            <option value="">all</option>
            {tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <span className="text-zinc-500" data-testid="question-count">
          {rows.length} of {all.length} questions
        </span>
      </div>
      <div
        ref={scroller}
        className="h-[28rem] overflow-auto rounded-lg border border-zinc-200 bg-white"
        data-testid="question-scroller"
      >
        <div
          className="sticky top-0 z-10 grid gap-3 border-b border-zinc-200 bg-zinc-50 px-3 py-2 text-xs text-zinc-500"
          style={{ gridTemplateColumns: columns }}
        >
          {header("position", "#")}
          {header("question", "Question")}
          <span className="font-medium">Gold</span>
          {methods.map((m) => (
            <span key={m}>{header(`method:${m}`, m.toUpperCase())}</span>
          ))}
          {header("ms", "ms")}
        </div>
        <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
          {virtual.getVirtualItems().map((v) => {
            const r = rows[v.index];
            const run = firstRun(r);
            return (
              <div
                key={r.questionId}
                className={ROW_CLASS}
                style={{ top: v.start, height: ROW_HEIGHT, gridTemplateColumns: columns }}
                data-testid="question-row"
                data-question-id={r.questionId}
              >
                <span className="text-zinc-400 tabular-nums">{r.position + 1}</span>
                <span className="min-w-0">
                  {run ? (
                    <Link
                      href={runHref(batchId, r.questionId, run)}
                      className="block truncate text-indigo-700 hover:underline"
                      data-testid="question-open"
                    >
                      {r.question}
                    </Link>
                  ) : (
                    <span className="block truncate">{r.question}</span>
                  )}
                  <span className="block truncate text-zinc-400">{r.tags.join(" · ")}</span>
                </span>
                <span className="truncate text-zinc-600" title={JSON.stringify(r.gold)} data-testid="question-gold">
                  {goldText(r.gold)}
                </span>
                {methods.map((m) => {
                  const cell = r.byMethod[m];
                  return cell?.runId ? (
                    <Link
                      key={m}
                      href={runHref(batchId, r.questionId, cell.runId)}
                      className="min-w-0 hover:underline"
                      data-testid={`cell-${m}`}
                      data-correct={String(cell.correct)}
                    >
                      <Verdict cell={cell} />
                    </Link>
                  ) : (
                    <span
                      key={m}
                      className="min-w-0"
                      data-testid={`cell-${m}`}
                      data-correct={String(cell?.correct ?? "pending")}
                    >
                      <Verdict cell={cell} />
                    </span>
                  );
                })}
                <span className="text-right tabular-nums text-zinc-500">{Math.round(r.ms)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
