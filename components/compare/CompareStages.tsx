"use client";

import { alignByPhase } from "@/lib/core/compare/phases";
import { methodLabel } from "./methodStyle";
import type { Lane } from "./model";

const PHASE_LABEL = {
  parsing: "Question parsing",
  retrieval: "Retrieval",
  reasoning: "Reasoning",
  answer: "Answer",
} as const;

/** The traces aligned by stage: one row per phase, the stages each method ran in it. */
export function CompareStages({ lanes }: { lanes: Lane[] }) {
  const rows = alignByPhase(lanes.map((l) => l.events));
  return (
    <div className="overflow-x-auto">
      <table className="w-full table-fixed border-collapse text-xs" data-testid="compare-stages">
        <thead>
          <tr className="text-left text-zinc-500">
            <th className="w-32 p-1">Stage</th>
            {lanes.map((l) => (
              <th key={l.method} className="p-1">
                {methodLabel(l.method)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.phase} className="border-t border-zinc-200 align-top" data-testid={`stage-row-${row.phase}`}>
              <th className="p-1 text-left font-medium text-zinc-700">{PHASE_LABEL[row.phase]}</th>
              {row.cells.map((stages, i) => (
                <td key={lanes[i].method} className="p-1">
                  {stages.length ? (
                    <ul className="space-y-0.5">
                      {stages.map((s) => (
                        <li key={`${s.stage}-${s.label}`} className="flex justify-between gap-2">
                          <span className="break-words" title={s.label}>
                            {s.label}
                          </span>
                          <span className="shrink-0 text-zinc-500 tabular-nums">
                            {s.ms === null ? "…" : `${Math.round(s.ms)} ms`} · {s.events} ev
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-zinc-400">—</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
