import { Spinner } from "@/components/ui/Spinner";

/** What a table re-import (header depth, dialect) is doing: a spinner while it runs, its error after. */
export function ReimportStatus({ busy, error, testId }: { busy: boolean; error: string | null; testId: string }) {
  return (
    <>
      {busy ? (
        <span data-testid={`${testId}-busy`} className="inline-flex items-center gap-1">
          <Spinner /> Re-importing…
        </span>
      ) : null}
      {error ? (
        <span role="alert" data-testid={`${testId}-error`} className="text-red-700">
          {error}
        </span>
      ) : null}
    </>
  );
}
