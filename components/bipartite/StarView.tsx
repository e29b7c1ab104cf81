"use client";

import type { TableMeta } from "@/lib/core/model/dataset";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { getRowsById } from "@/components/workbench/api/endpoints";
import { usePassages } from "./queries";

/** Splits a passage around the sentences to highlight. */
function highlight(text: string, sentences: string[]) {
  const parts: Array<{ text: string; mark: boolean }> = [];
  let rest = text;
  for (const s of sentences) {
    const i = rest.indexOf(s);
    if (i < 0) continue;
    if (i > 0) parts.push({ text: rest.slice(0, i), mark: false });
    parts.push({ text: s, mark: true });
    rest = rest.slice(i + s.length);
  }
  if (rest) parts.push({ text: rest, mark: false });
  return parts;
}

/**
 * A star: one row with its cells (answer cells outlined) and the passages linked to it in the run,
 * the answer's supporting sentences highlighted.
 */
export function StarView({
  datasetId,
  tables,
  segment,
  passages,
  answerCells,
  sentences,
}: {
  datasetId: string;
  tables: TableMeta[];
  segment: string;
  passages: string[];
  answerCells: string[];
  sentences: Array<{ passage: string; text: string }>;
}) {
  const m = /^s:(.*):(\d+)$/.exec(segment);
  const table = m ? tables.find((t) => t.name === m[1]) : undefined;
  const rowId = m ? Number(m[2]) : 0;
  const row = useQuery({
    queryKey: queryKeys.rowsById(datasetId, table?.name ?? "", [rowId]),
    queryFn: ({ signal }) => getRowsById(datasetId, table?.name ?? "", [rowId], signal),
    enabled: table !== undefined,
  });
  const texts = usePassages(datasetId, passages);
  const values = row.data?.rows[0]?.values;
  return (
    <section
      data-testid="star-view"
      data-segment={segment}
      className="space-y-2 rounded border border-zinc-200 bg-white p-2"
    >
      <h3 className="text-[11px] font-semibold text-zinc-500">
        Star of {table?.name ?? segment} #{rowId}: the row and its {passages.length} linked{" "}
        {passages.length === 1 ? "passage" : "passages"}
      </h3>
      {table && values ? (
        <div className="overflow-x-auto">
          <table className="text-xs">
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c.sqlName} className="px-1.5 py-0.5 text-left font-medium text-zinc-500">
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {table.columns.map((c, i) => (
                  <td
                    key={c.sqlName}
                    data-testid="star-cell"
                    data-answer={answerCells.includes(c.sqlName) ? "true" : undefined}
                    className={`px-1.5 py-0.5 ${
                      answerCells.includes(c.sqlName) ? "rounded border-2 border-zinc-900 font-semibold" : ""
                    }`}
                  >
                    {values[i] === null ? "" : String(values[i])}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
      {texts.data ? (
        <ul className="space-y-1.5">
          {texts.data.map((p) => (
            <li key={p.id} data-testid="star-passage" className="text-xs text-zinc-700">
              <span className="font-semibold text-amber-800">{p.title}</span>{" "}
              {highlight(
                p.preview.slice(0, 1500),
                sentences.filter((s) => s.passage === p.id).map((s) => s.text),
              ).map((part, i) =>
                part.mark ? (
                  <mark
                    key={i}
                    data-testid="answer-sentence"
                    className="rounded bg-emerald-100 px-0.5 text-emerald-900"
                  >
                    {part.text}
                  </mark>
                ) : (
                  <span key={i}>{part.text}</span>
                ),
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
