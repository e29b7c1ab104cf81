"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { StageRow } from "./StageRow";
import { formatMs, indexErrorMessage, isCapNote, stageLabel, totalMs } from "./stageModel";
import type { IndexStatusState } from "./useIndexStatus";

/**
 * Index progress on the dataset page: every stage with its bar while indexing runs or after it failed;
 * once ready, one line with the stages folded away and their notes (what was capped) still in view.
 */
export function IndexStatus({ state }: { state: IndexStatusState }) {
  const { index, reindex, cancel, starting, cancelling, startError, pollError } = state;
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!index) return null;
  const active = index.status === "pending" || index.status === "running";
  const failed = index.status === "failed";
  const notes = index.stages.flatMap((s) => s.notes.map((note) => ({ stage: s.name, note })));
  const capped = notes.filter((n) => isCapNote(n.note));
  const stages = (
    <ol id={listId} className="mt-2 max-w-4xl space-y-1.5">
      {index.stages.map((stage) => (
        <StageRow key={stage.name} stage={stage} />
      ))}
    </ol>
  );

  return (
    <section
      data-testid="index-status"
      data-status={index.status}
      data-generation={index.generation}
      aria-label="Index status"
      className={`rounded-md border bg-white px-3 py-2 shadow-sm ${failed ? "border-red-200" : "border-zinc-200"}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1" aria-live="polite">
        <Headline
          status={index.status}
          ms={totalMs(index.stages)}
          cancelled={failed && indexErrorMessage(index) === CANCELLED}
        />
        {!active && !failed ? (
          <button
            type="button"
            data-testid="index-details-toggle"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
            className="flex items-center gap-1 text-xs text-zinc-500 hover:text-zinc-800"
          >
            <svg
              aria-hidden
              viewBox="0 0 12 12"
              className={`size-2.5 fill-current transition-transform ${open ? "rotate-90" : ""}`}
            >
              <path d="M4 2l4 4-4 4z" />
            </svg>
            {index.stages.length} stages
            {notes.length ? ` · ${notes.length} ${notes.length === 1 ? "note" : "notes"}` : ""}
          </button>
        ) : null}
        <span className="ml-auto flex items-center gap-2">
          {pollError ? (
            <span className="text-xs text-amber-700">Status check failed, retrying: {pollError}</span>
          ) : null}
          {active ? (
            <Button
              size="sm"
              data-testid="cancel-index-button"
              onClick={cancel}
              disabled={cancelling}
              title="Stop indexing now; the previous complete index, if any, stays in use"
            >
              {cancelling ? <Spinner className="size-3" /> : null}
              Cancel
            </Button>
          ) : null}
          <Button
            size="sm"
            data-testid="reindex-button"
            onClick={reindex}
            disabled={active || starting}
            title="Build the index again; edited descriptions and curated edges are kept"
          >
            {starting ? <Spinner className="size-3" /> : null}
            Re-index
          </Button>
        </span>
      </div>
      {startError ? (
        <p role="alert" className="mt-1.5 text-xs text-red-700">
          Indexing request failed: {startError}
        </p>
      ) : null}
      {failed ? (
        <p data-testid="index-error" role="alert" className="mt-1 text-sm text-red-800">
          {indexErrorMessage(index)} The previous complete index, if there is one, stays in use. Try Re-index.
        </p>
      ) : null}
      {active || failed || open ? stages : null}
      {!active && !failed && capped.length > 0 ? (
        <ul data-testid="index-notes" className="mt-1 space-y-0.5 text-xs text-amber-800">
          {capped.map((n, i) => (
            <li key={i}>
              <span className="font-medium">{stageLabel(n.stage)}:</span> {n.note}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The server's error of a run stopped by a cancel (a user's choice, not a failure). */
const CANCELLED = "Indexing was cancelled.";

function Headline({ status, ms, cancelled }: { status: string; ms: number; cancelled: boolean }) {
  if (cancelled) return <span className="font-semibold text-zinc-800">Indexing cancelled</span>;
  if (status === "pending" || status === "running") {
    return (
      <span className="flex items-center gap-2 font-medium text-indigo-800">
        <Spinner className="size-3.5" />{" "}
        {status === "pending" ? "Indexing will start shortly…" : "Indexing this dataset…"}
      </span>
    );
  }
  if (status === "failed") return <span className="font-semibold text-red-800">Indexing failed</span>;
  return (
    <span className="flex items-center gap-2 text-zinc-700">
      <span aria-hidden className="size-2 rounded-full bg-emerald-500" />
      <span className="font-medium">Index ready</span>
      {formatMs(ms) ? <span className="text-xs text-zinc-500">built in {formatMs(ms)}</span> : null}
    </span>
  );
}
