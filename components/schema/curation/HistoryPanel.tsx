"use client";

import type { HistoryEntry } from "./api";

const ends = (h: HistoryEntry) => {
  const e = h.after ?? h.before;
  return e ? `${e.source} → ${e.target}` : h.edgeId;
};

/** What a change did, in words; an undo or redo says so first ("undo: deleted join …"). */
function what(h: HistoryEntry): string {
  return h.via ? `${h.via}: ${plain(h)}` : plain(h);
}

function plain(h: HistoryEntry): string {
  if (h.action === "create")
    return `added ${h.after?.kind ?? ""} “${h.after?.label ?? ""}”${
      h.after && h.after.status !== "curated" ? ` (${h.after.status})` : ""
    }`;
  if (h.action === "delete") return `deleted ${h.before?.kind ?? ""} “${h.before?.label ?? ""}”`;
  const b = h.before;
  const a = h.after;
  const changes = [
    b?.kind !== a?.kind ? `kind ${b?.kind} → ${a?.kind}` : "",
    b?.label !== a?.label ? `label “${b?.label}” → “${a?.label}”` : "",
    b?.status !== a?.status ? `${b?.status} → ${a?.status}` : "",
  ].filter(Boolean);
  return `changed ${changes.join(", ") || "nothing visible"}`;
}

/** Every change to the curated graph, newest first, with its time (the server's history). */
export function HistoryPanel({ history }: { history: HistoryEntry[] }) {
  if (!history.length) return <p className="text-xs text-zinc-500">No changes yet.</p>;
  return (
    <ol data-testid="curation-history" className="max-h-60 space-y-1 overflow-auto text-xs">
      {[...history].reverse().map((h, i) => (
        <li
          key={`${h.at}-${i}`}
          data-testid="history-entry"
          data-action={h.action}
          data-via={h.via ?? ""}
          className="rounded bg-white px-1.5 py-1"
        >
          <time className="mr-1 text-zinc-400 tabular-nums" dateTime={h.at}>
            {new Date(h.at).toLocaleString()}
          </time>
          <span className="text-zinc-700">{what(h)}</span>
          <span className="block break-all text-zinc-500">{ends(h)}</span>
        </li>
      ))}
    </ol>
  );
}
