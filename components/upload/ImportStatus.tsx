import Link from "next/link";
import type { ImportProgress, ImportResult } from "@/components/api/types";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { formatBytes, plural } from "@/components/ui/format";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { Spinner } from "@/components/ui/Spinner";
import type { UploadPhase } from "./UploadPanel";

type Working = Extract<UploadPhase, { kind: "working" }>;

export function ImportProgressView({ phase, progress }: { phase: Working; progress: ImportProgress | null }) {
  const stage = progress?.stage || (phase.uploaded ? "Waiting for the server…" : "Uploading…");
  const hasBytes = progress?.bytesTotal !== undefined && progress.bytesTotal > 0;
  return (
    <div className="space-y-3 rounded-md border border-zinc-200 bg-zinc-50 p-3" aria-live="polite">
      <div data-testid="upload-progress" className="space-y-1">
        <div className="flex justify-between text-xs text-zinc-600">
          <span>{phase.uploaded ? "Upload complete" : "Uploading"}</span>
          <span className="tabular-nums">
            {formatBytes(phase.loaded)} of {formatBytes(phase.total)}
          </span>
        </div>
        <ProgressBar label="Upload progress" value={phase.loaded} max={phase.total} />
      </div>
      <div className="space-y-1">
        <div className="flex items-center gap-2 text-xs">
          <Spinner className="size-3.5 text-indigo-600" />
          <span data-testid="import-stage" className="min-w-0 flex-1 truncate font-medium text-zinc-800" title={stage}>
            {stage}
          </span>
          {progress ? (
            <span data-testid="import-rows" className="text-zinc-600 tabular-nums">
              {plural(progress.rowsDone, "row")}
            </span>
          ) : null}
        </div>
        {phase.uploaded || progress ? (
          <ProgressBar
            label="Import progress"
            value={progress?.bytesDone ?? 0}
            max={hasBytes ? progress?.bytesTotal : undefined}
          />
        ) : null}
      </div>
      {progress?.state === "failed" && progress.error ? <ImportError message={progress.error.message} /> : null}
    </div>
  );
}

export function ImportSuccess({ result }: { result: ImportResult }) {
  const rows = result.tables.reduce((sum, t) => sum + t.rowCount, 0);
  return (
    <div
      data-testid="import-success"
      role="status"
      className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900"
    >
      <p>
        Imported{" "}
        <Link
          href={`/datasets/${encodeURIComponent(result.id)}`}
          data-testid="import-success-link"
          className="font-semibold underline underline-offset-2"
        >
          {result.name}
        </Link>
        : {plural(result.tables.length, "table")}, {plural(rows, "row")}.
      </p>
      {result.tables.length > 0 ? (
        <ul className="mt-1 text-xs text-emerald-800">
          {result.tables.map((t) => (
            <li key={t.name}>
              {t.name}
              {t.isView ? (
                <span
                  data-testid="import-view"
                  title="A view: read only when a question names it, never joined to the tables it is built from"
                >
                  {" "}
                  · view
                </span>
              ) : null}{" "}
              — {plural(t.rowCount, "row")} × {plural(t.columns.length, "column")}
              {typeSummary(t.columns)}
            </li>
          ))}
        </ul>
      ) : null}
      {result.notes.length > 0 ? (
        <div className="mt-2 border-t border-emerald-200 pt-2">
          <p className="text-xs font-semibold">Notes from the import</p>
          <ul data-testid="import-notes" className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
            {result.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

const FLAG_WORDS = { mixed: "numbers and words", "ambiguous-grouping": "unclear comma" } as const;

/** "; 3 numeric, 2 text; check: note (numbers and words)": what the columns were typed, flagged ones named. */
function typeSummary(columns: ImportResult["tables"][number]["columns"]): string {
  const numeric = columns.filter((c) => c.type === "integer" || c.type === "real").length;
  const flagged = columns.filter((c) => c.flag);
  const check = flagged.length
    ? `; check ${flagged.map((c) => `${c.name} (${FLAG_WORDS[c.flag ?? "mixed"]})`).join(", ")}`
    : "";
  return `: ${numeric} numeric, ${columns.length - numeric} other${check}`;
}

export function ImportError({ message }: { message: string }) {
  return (
    <ErrorPanel title="Import failed" testId="import-error">
      {message}
    </ErrorPanel>
  );
}
