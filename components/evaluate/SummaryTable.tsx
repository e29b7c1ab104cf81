import type { BatchReport } from "./api";

const pct = (v: number | null | undefined) => (v === null || v === undefined ? "–" : `${v.toFixed(1)}%`);

/** Per method: accuracy, retrieval scores against gold queries, latency and tokens. */
export function SummaryTable({ report }: { report: BatchReport }) {
  return (
    <table className="w-full text-left text-xs" data-testid="batch-summary">
      <thead className="text-zinc-500">
        <tr>
          <th className="py-1 pr-3 font-medium">Method</th>
          <th className="pr-3 font-medium">n</th>
          <th className="pr-3 font-medium">Accuracy</th>
          <th
            className="pr-3 font-medium"
            title="Against the gold query's columns: recall / precision / F2 / strict recall"
          >
            Schema R / P / F2 / SR
          </th>
          <th
            className="pr-3 font-medium"
            title="Against the gold query's cells: FGTR's sub-tables, SGAM's answer query rows"
          >
            Cell recall
          </th>
          <th className="pr-3 font-medium">Latency p50 / p95</th>
          <th className="font-medium">Tokens in / out</th>
        </tr>
      </thead>
      <tbody>
        {report.methods.map((m) => {
          const s = report.summary[m];
          return (
            <tr key={m} className="border-t border-zinc-100" data-testid="batch-summary-row" data-method={m}>
              <td className="py-1.5 pr-3 font-medium">{m.toUpperCase()}</td>
              <td className="pr-3">{s?.n ?? 0}</td>
              <td className="pr-3 font-semibold" data-testid="batch-accuracy">
                {pct(s?.accuracy)}
              </td>
              <td className="pr-3">
                {s?.schema
                  ? [s.schema.recall, s.schema.precision, s.schema.f2, s.schema.strictRecall].map(pct).join(" / ")
                  : "no gold SQL"}
              </td>
              <td className="pr-3">{s?.cells ? pct(s.cells.recall) : "–"}</td>
              <td className="pr-3">{s ? `${s.latencyMs.p50} / ${s.latencyMs.p95} ms` : "–"}</td>
              <td>{s ? `${s.tokens.input} / ${s.tokens.output}` : "–"}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
