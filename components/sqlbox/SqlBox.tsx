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

/**
 * Edit a SELECT and run it read-only through the server's SQL guard. The statement that ran is the
 * page's `?q=`, so a reload runs it again and the link can be shared; nothing is stored.
 */
export function SqlBox({ datasetId, initialSql }: { datasetId: string; initialSql: string }) {
  const dataset = useDataset(datasetId);
  const [sql, setSql] = useState(initialSql);
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
      <form
        className="space-y-2"
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
          id="sql-input"
          data-testid="sql-input"
          value={sql}
          spellCheck={false}
          rows={6}
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
