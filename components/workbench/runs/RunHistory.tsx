import Link from "next/link";
import { formatDateTime } from "@/components/ui/format";
import type { RunSummary } from "../api/types";
import { formatMs } from "../timeline/format";

const VERDICT = {
  answered: ["Answered", "bg-emerald-100 text-emerald-800"],
  unsure: ["Unsure", "bg-amber-100 text-amber-800"],
  "no-answer": ["No answer", "bg-rose-100 text-rose-800"],
} as const;

const STATUS: Record<RunSummary["status"], string> = {
  running: "text-indigo-600",
  done: "text-emerald-700",
  failed: "text-red-700",
  interrupted: "text-amber-700",
};

/** Past runs of a dataset, newest first; each opens its run page. */
export function RunHistory({
  runs,
  emptyText = "No questions asked yet.",
}: {
  runs: RunSummary[];
  emptyText?: string;
}) {
  if (runs.length === 0)
    return (
      <p className="text-xs text-zinc-500" data-testid="run-history-empty">
        {emptyText}
      </p>
    );
  return (
    <ul data-testid="run-history" className="divide-y divide-zinc-100 rounded-md border border-zinc-200 bg-white">
      {runs.map((r) => (
        <li
          key={r.id}
          data-testid="run-item"
          data-run-id={r.id}
          className="flex items-baseline gap-3 px-3 py-1.5 text-xs"
        >
          <Link
            href={`/runs/${encodeURIComponent(r.id)}`}
            data-testid="run-link"
            className="min-w-0 flex-1 truncate font-medium text-indigo-700 hover:underline"
            title={r.question}
          >
            {r.question}
          </Link>
          <span className="max-w-[14rem] truncate text-zinc-600" title={r.answer?.text ?? r.error ?? ""}>
            {r.answer?.text ?? r.error ?? ""}
          </span>
          {r.answer?.verdict ? (
            <span data-testid="run-verdict" className={`shrink-0 rounded px-1 ${VERDICT[r.answer.verdict][1]}`}>
              {VERDICT[r.answer.verdict][0]}
            </span>
          ) : null}
          <span className="shrink-0 text-zinc-400">
            {r.method.toUpperCase()} · {r.reasoner}
          </span>
          <span className={`shrink-0 ${STATUS[r.status]}`} data-testid="run-item-status" data-status={r.status}>
            {r.status}
            {r.ms !== null ? ` · ${formatMs(r.ms)}` : ""}
          </span>
          <time className="shrink-0 text-zinc-400" dateTime={r.createdAt}>
            {formatDateTime(r.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
