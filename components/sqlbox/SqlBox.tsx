"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { messageOf } from "@/components/api/client";
import { useDataset } from "@/components/datasets/useDataset";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import { AnswerResult } from "@/components/workbench/answer/AnswerResult";
import { asResultTable, cutNote, runSql, sqlBoxHref } from "./sqlApi";
import { SqlCellsRead } from "./SqlCellsRead";
import { SqlSchemaList } from "./SqlSchemaList";

/**
 * Edit a SELECT and run it read-only through the server's SQL guard. The statement that ran is the
 * page's `?q=`, so a reload runs it again and the link can be shared; nothing is stored.
 */
export function SqlBox({ datasetId, initialSql }: { datasetId: string; initialSql: string }) {
  const dataset = useDataset(datasetId);
  const [sql, setSql] = useState(initialSql);
  const input = useRef<HTMLTextAreaElement>(null);
  /** Puts `text` where the cursor is (over the selection), with the cursor after it. */
  const insert = (text: string) => {
    const el = input.current;
    const [start, end] = el ? [el.selectionStart, el.selectionEnd] : [sql.length, sql.length];
    const before = sql.slice(0, start);
    // A space between the name and a word it would otherwise run into.
    const lead = before && !/[\s(,.]$/.test(before) ? " " : "";
    setSql(before + lead + text + sql.slice(end));
    const cursor = start + lead.length + text.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(cursor, cursor);
    });
  };
  const run = useMutation({ mutationFn: (text: string) => runSql(datasetId, text) });
  const started = useRef(false);
  const submit = (text: string) => {
    window.history.replaceState(window.history.state, "", sqlBoxHref(datasetId, text));
    run.mutate(text);
  };
  useEffect(() => {
    // The address names a statement: run it once on arrival (a reload re-runs it).
    if (!started.current && initialSql.trim()) {
      started.current = true;
      run.mutate(initialSql);
    }
  }, [initialSql, run]);

  const result = run.data;
  return (
    <div className="space-y-4">
      <Breadcrumb
        crumbs={[
          { label: "Datasets", href: "/" },
          { label: dataset.data?.name ?? "Dataset", href: `/datasets/${encodeURIComponent(datasetId)}` },
          { label: "SQL" },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <form
          className="min-w-0 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (sql.trim()) submit(sql);
          }}
        >
          <label htmlFor="sql-input" className="block text-sm font-semibold text-zinc-800">
            SQL{" "}
            <span className="font-normal text-zinc-500">— one SELECT (or a read-only PRAGMA), run on this dataset</span>
          </label>
          <textarea
            ref={input}
            id="sql-input"
            data-testid="sql-input"
            value={sql}
            spellCheck={false}
            rows={8}
            onChange={(e) => setSql(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                if (sql.trim()) submit(sql);
              }
            }}
            className="w-full rounded-md border border-zinc-300 bg-zinc-900 p-2 font-mono text-xs text-zinc-100"
          />
          <div className="flex items-center gap-3">
            <Button type="submit" variant="primary" data-testid="sql-run" disabled={run.isPending || !sql.trim()}>
              Run
            </Button>
            <span className="text-xs text-zinc-500">
              Ctrl+Enter runs it. Writes are refused; long queries are stopped.
            </span>
            {run.isPending ? <Spinner className="size-4" /> : null}
          </div>
        </form>
        {/* As tall as the statement's form on wide screens, scrolling within: results keep the full width below. */}
        <div className="relative min-h-40">
          {dataset.data ? <SqlSchemaList tables={dataset.data.tables} onInsert={insert} /> : null}
        </div>
      </div>
      {run.error ? (
        <ErrorPanel title="The query did not run" testId="sql-error">
          {messageOf(run.error)}
        </ErrorPanel>
      ) : null}
      {result && !run.isPending ? (
        <section data-testid="sql-result" className="space-y-1">
          <p data-testid="sql-result-summary" className="text-xs text-zinc-500">
            {result.rows.length} {result.rows.length === 1 ? "row" : "rows"} in {result.ms} ms
            {cutNote(result) ? ` — ${cutNote(result)}` : ""}
          </p>
          <AnswerResult result={asResultTable(result)} always sql={run.variables} csvName="query-result" />
          {result.read?.length && dataset.data ? (
            <SqlCellsRead datasetId={datasetId} tables={dataset.data.tables} read={result.read} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
