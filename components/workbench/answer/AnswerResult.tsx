"use client";

import { useMemo, useState } from "react";
import type { AnswerResultTable } from "@/lib/core/trace";
import { chartOf, labelText } from "../model/chart";
import { AnswerChart } from "./AnswerChart";
import { ResultCsvButton } from "./ResultCsvButton";
import { shownRows } from "./resultCsv";

const isNumber = (v: unknown) => typeof v === "number";
const CELL = "border-b border-zinc-100 px-2 py-0.5";
const VIEWS = [
  ["both", "Table and chart"],
  ["chart", "Chart"],
  ["table", "Table"],
] as const;
type ResultView = (typeof VIEWS)[number][0];

/**
 * The answer query's result table as the answer event carries it (or the SQL box's result), with a
 * chart beside it when its shape suits one; the view switches between both, the chart and the table.
 * `sql` (the statement behind it) tells a grouping from plain rows; `csvName` names the CSV export.
 */
export function AnswerResult({
  result,
  always = false,
  sql,
  csvName = "result",
}: {
  result: AnswerResultTable;
  always?: boolean;
  sql?: string;
  csvName?: string;
}) {
  const chart = useMemo(() => chartOf(result, { sql }), [result, sql]);
  // Shown as the file wrote them ("9970610.0"); the chart computes on the values.
  const rows = useMemo(() => shownRows(result), [result]);
  const [view, setView] = useState<ResultView>("both");
  // One value is the answer text already; the table adds nothing (the SQL box shows it anyway).
  if (!always && result.rows.length < 2 && result.columns.length < 2) return null;
  const showChart = chart !== null && view !== "table";
  const showTable = chart === null || view !== "chart";
  return (
    <div className="@container space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-[11px] font-semibold text-zinc-500">
          Result ({result.rowCount} {result.rowCount === 1 ? "row" : "rows"}
          {result.cut ? `, the first ${result.rows.length} shown` : ""})
        </h3>
        <span className="ml-auto flex flex-wrap items-center gap-2">
          {chart ? (
            <span role="group" aria-label="Show" className="flex overflow-hidden rounded-md border border-zinc-200">
              {VIEWS.map(([id, label]) => (
                <button
                  key={id}
                  type="button"
                  data-testid={`result-view-${id}`}
                  aria-pressed={view === id}
                  onClick={() => setView(id)}
                  className={`px-2 py-0.5 text-[11px] ${
                    view === id ? "bg-indigo-600 text-white" : "bg-white text-zinc-600 hover:bg-zinc-50"
                  }`}
                >
                  {label}
                </button>
              ))}
            </span>
          ) : null}
          <ResultCsvButton result={result} name={csvName} />
        </span>
      </div>
      <div className={showChart && showTable ? "grid gap-3 @xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" : ""}>
        {showTable ? (
          <div className="max-h-72 min-w-0 overflow-auto rounded border border-zinc-200">
            <table data-testid="answer-result" className="w-full border-collapse text-xs">
              <thead className="sticky top-0 bg-zinc-50">
                <tr>
                  {result.columns.map((c, i) => (
                    <th
                      key={i}
                      data-testid="answer-result-column"
                      className="border-b border-zinc-200 px-2 py-1 text-left"
                    >
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={r} data-testid="answer-result-row" className="odd:bg-white even:bg-zinc-50/60">
                    {row.map((v, i) => (
                      <td
                        key={i}
                        data-testid="answer-result-cell"
                        className={`${CELL} ${isNumber(result.rows[r]?.[i]) ? "text-right tabular-nums" : ""}`}
                      >
                        {v === null ? <span className="text-zinc-300 italic">null</span> : labelText(v)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {showChart ? <AnswerChart key={view} chart={chart} /> : null}
      </div>
    </div>
  );
}
