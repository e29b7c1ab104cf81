import { messageOf } from "@/components/api/client";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import type { useAsk } from "../hooks/useAsk";
import type { ShownRun } from "../hooks/useShownRun";

/** What went wrong with the question streaming now: a refused request, bad parts, a stream cut short. */
export function LiveProblems({ run, ended }: { run: ReturnType<typeof useAsk>; ended: boolean }) {
  return (
    <>
      {run.error ? (
        <ErrorPanel title="The question was not run" testId="ask-error">
          {run.error}
        </ErrorPanel>
      ) : null}
      {run.problems.length ? (
        <ErrorPanel title="Some stream parts were not valid events" testId="stream-problems">
          {run.problems.length} {run.problems.length === 1 ? "part was" : "parts were"} skipped, not shown:{" "}
          {run.problems
            .slice(0, 3)
            .map((p) => `part ${p.part}, ${p.message}`)
            .join("; ")}
          .
        </ErrorPanel>
      ) : null}
      {run.status === "done" && run.events.length > 0 && !ended ? (
        <ErrorPanel title="The stream stopped early" testId="stream-incomplete">
          The connection ended before the run finished; what arrived is shown below. The server keeps the run: reopen it
          from Past runs.
        </ErrorPanel>
      ) : null}
    </>
  );
}

/**
 * A run reopened from its address: loading, not found, or where it stands. One still running on
 * the server (reloaded mid-stream) says so while its stored events are read again.
 */
export function StoredRunStatus({ shown }: { shown: Extract<ShownRun, { kind: "stored" }> }) {
  if (shown.error)
    return (
      <ErrorPanel title="Could not open the run" testId="run-load-error">
        {messageOf(shown.error)}
      </ErrorPanel>
    );
  if (!shown.run)
    return (
      <p className="flex items-center gap-2 text-xs text-zinc-500">
        <Spinner className="size-3" /> Loading the run…
      </p>
    );
  const { status, error } = shown.run;
  // Done or failed: the trace says how it ended; only the status is kept for scripts and tests.
  if (status === "done" || status === "failed")
    return <span hidden data-testid="shown-run-status" data-status={status} />;
  return (
    <p className="flex items-center gap-2 text-xs text-zinc-500" data-testid="shown-run-status" data-status={status}>
      {status === "running" ? <Spinner className="size-3" /> : null}
      {status === "running"
        ? "Still running on the server; its steps appear as they are stored."
        : status === "interrupted"
          ? `Interrupted: ${error ?? "the server stopped while it ran."}`
          : null}
    </p>
  );
}
