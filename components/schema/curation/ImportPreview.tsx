"use client";

import { Button } from "@/components/ui/Button";
import type { EdgeLine, ImportDiff } from "./importDiff";

const MAX_LISTED = 30;

function Line({ e }: { e: EdgeLine }) {
  return (
    <>
      <span className="font-medium">{e.kind}</span> {e.source} → {e.target}
      {e.label ? <span className="text-zinc-500"> “{e.label}”</span> : null}
    </>
  );
}

function Group({ title, testId, tone, lines }: { title: string; testId: string; tone: string; lines: EdgeLine[] }) {
  if (lines.length === 0) return null;
  return (
    <div>
      <p className={`font-semibold ${tone}`}>
        {title} ({lines.length})
      </p>
      <ul className="list-disc pl-4">
        {lines.slice(0, MAX_LISTED).map((e) => (
          <li key={`${e.kind}|${e.source}|${e.target}`} data-testid={testId}>
            <Line e={e} />
          </li>
        ))}
        {lines.length > MAX_LISTED ? <li className="text-zinc-400">and {lines.length - MAX_LISTED} more</li> : null}
      </ul>
    </div>
  );
}

/** What an import would change, edge by edge, with Apply and Cancel: nothing changes before Apply. */
export function ImportPreview({
  name,
  diff,
  busy,
  onApply,
  onCancel,
}: {
  name: string;
  diff: ImportDiff;
  busy: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const nothing = diff.added.length + diff.removed.length + diff.changed.length === 0;
  return (
    <div
      role="dialog"
      aria-label={`Import ${name}`}
      data-testid="import-preview"
      className="w-full space-y-1.5 rounded-md border border-indigo-200 bg-white p-2 text-xs text-zinc-700"
    >
      <p className="font-semibold text-zinc-900">Importing {name} replaces the hand-kept edges:</p>
      {nothing ? <p data-testid="import-no-change">It holds the same edges as now; nothing would change.</p> : null}
      <Group title="Added" testId="import-added" tone="text-emerald-700" lines={diff.added} />
      <Group title="Removed" testId="import-removed" tone="text-red-700" lines={diff.removed} />
      <Group
        title="Relabelled or re-decided"
        testId="import-changed"
        tone="text-amber-700"
        lines={diff.changed.map((c) => c.after)}
      />
      {diff.unchanged ? <p className="text-zinc-500">{diff.unchanged} edge(s) stay as they are.</p> : null}
      {diff.unreadable ? (
        <p className="text-red-700">{diff.unreadable} entr(ies) are not edges and will be refused.</p>
      ) : null}
      <div className="flex gap-1.5">
        <Button size="sm" variant="primary" data-testid="import-apply" disabled={busy} onClick={onApply}>
          Apply import
        </Button>
        <Button size="sm" variant="ghost" data-testid="import-cancel" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
