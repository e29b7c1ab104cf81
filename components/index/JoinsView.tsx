"use client";

import { formatNumber } from "@/components/ui/format";
import { describeJoinCounts } from "@/lib/core/index/join-review";
import { JoinRowView } from "./JoinRowView";
import { LoadState } from "./LoadState";
import type { IndexInfo } from "./types";
import { isActive } from "./useIndexStatus";
import { useJoins } from "./queries";

const HEADERS = [
  { label: "Left column", title: "The referencing (less unique) side" },
  { label: "Right column", title: "The referenced (more unique) side" },
  {
    label: "P(join)",
    title: "The learned join scorer's probability and what follows from it (hover a row's status for why)",
  },
  { label: "s", title: "Semantic similarity of names and descriptions" },
  { label: "j", title: "Jaccard similarity of the value sets" },
  { label: "u", title: "max(u_left, u_right), uniqueness = distinct / rows" },
  { label: "ω", title: "ω = (s + j) × max(u) — FGTR eq. 3" },
  { label: "Contained", title: "Share of the left column's distinct values found in the right column" },
  { label: "Rule", title: "Why the candidate was kept" },
];

/**
 * Join candidates (FGTR eq. 3) with the learned scorer's probability: declared keys first, then most probable first.
 */
export function JoinsView({
  datasetId,
  tableCount,
  indexKey,
  index,
}: {
  datasetId: string;
  tableCount: number;
  indexKey: string;
  index: IndexInfo | null;
}) {
  const load = useJoins(datasetId, indexKey);
  const rows = load.data?.joins;
  const counts = load.data?.counts;
  const maxOmega = Math.max(2, ...(rows ?? []).map((r) => r.omega));
  return (
    <div className="space-y-2">
      <LoadState load={load} index={index} what="join candidates" />
      {rows ? (
        <>
          <p className="text-xs text-zinc-500" data-testid="joins-summary">
            {formatNumber(rows.length)} {rows.length === 1 ? "candidate" : "candidates"}
            {counts ? `: ${describeJoinCounts(counts)}` : ""}. Declared keys first, then sorted by the learned join
            scorer&apos;s probability (ω = (s + j) × max(u) is one of its features). Likely joins (
            {counts?.threshold != null ? `at least ${Math.round(counts.threshold * 100)}%, ` : ""}the best target of
            their column) are drawn and joined on; suggestions are listed in Curate until you accept them.
          </p>
          <div className="overflow-x-auto rounded-md border border-zinc-200 bg-white shadow-sm">
            <table data-testid="joins-table" className="w-full border-collapse text-left text-sm">
              <thead className="bg-zinc-50 text-xs text-zinc-500">
                <tr>
                  {HEADERS.map((h) => (
                    <th
                      key={h.label}
                      scope="col"
                      title={h.title}
                      className="border-b border-zinc-200 px-3 py-2 font-semibold whitespace-nowrap"
                    >
                      {h.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <JoinRowView
                    key={`${row.from.table}.${row.from.column}|${row.to.table}.${row.to.column}`}
                    row={row}
                    maxOmega={maxOmega}
                  />
                ))}
              </tbody>
            </table>
            {rows.length === 0 ? (
              <p className="px-4 py-8 text-center text-zinc-500">
                {tableCount < 2
                  ? "This dataset has one table: there is nothing to join."
                  : isActive(index) && index?.generation == null
                    ? "Join candidates appear when indexing finishes."
                    : "No join candidates: the columns of different tables share no keys or values."}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
