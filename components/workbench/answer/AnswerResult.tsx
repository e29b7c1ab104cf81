import type { AnswerResultTable } from "@/lib/core/trace";
import { chartOf, labelText } from "../model/chart";
import { AnswerChart } from "./AnswerChart";

const isNumber = (v: unknown) => typeof v === "number";
const CELL = "border-b border-zinc-100 px-2 py-0.5";

/** The answer query's result table as the answer event carries it, with a chart beside it when its shape suits one. */
export function AnswerResult({ result, always = false }: { result: AnswerResultTable; always?: boolean }) {
  // One value is the answer text already; the table adds nothing (the SQL box shows it anyway).
  if (!always && result.rows.length < 2 && result.columns.length < 2) return null;
  const chart = chartOf(result);
  return (
    <div className="@container">
      <div className={chart ? "grid gap-3 @xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" : ""}>
        <div className="min-w-0 space-y-1">
          <h3 className="text-[11px] font-semibold text-zinc-500">
            Result ({result.rowCount} {result.rowCount === 1 ? "row" : "rows"}
            {result.cut ? `, the first ${result.rows.length} shown` : ""})
          </h3>
          <div className="max-h-72 overflow-auto rounded border border-zinc-200">
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
                {result.rows.map((row, r) => (
                  <tr key={r} data-testid="answer-result-row" className="odd:bg-white even:bg-zinc-50/60">
                    {row.map((v, i) => (
                      <td key={i} className={`${CELL} ${isNumber(v) ? "text-right tabular-nums" : ""}`}>
                        {v === null ? <span className="text-zinc-300 italic">null</span> : labelText(v)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        {chart ? <AnswerChart chart={chart} /> : null}
      </div>
    </div>
  );
}
