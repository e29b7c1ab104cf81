import type { UseQueryResult } from "@tanstack/react-query";
import { messageOf } from "@/components/api/client";
import { Button } from "@/components/ui/Button";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { Spinner } from "@/components/ui/Spinner";
import type { IndexInfo } from "./types";
import { isActive } from "./useIndexStatus";

interface LoadStateProps {
  load: UseQueryResult<unknown>;
  index: IndexInfo | null;
  /** What is loading, for the messages: "schema graph", "join candidates"… */
  what: string;
}

/**
 * What a view shows instead of its content: a spinner while loading, a note while the first index is
 * still being built (the API has nothing yet), or the error with a retry. Null once data is there.
 */
export function LoadState({ load, index, what }: LoadStateProps) {
  const hasData = load.data !== undefined;
  if (hasData && !load.isError) return null;
  if (load.isError && !hasData && isActive(index)) {
    return (
      <p data-testid="index-pending-note" className="flex items-center gap-2 py-10 text-zinc-500">
        <Spinner /> The {what} appears when indexing finishes.
      </p>
    );
  }
  if (load.isError) {
    return (
      <ErrorPanel
        title={`Could not load the ${what}`}
        action={
          <Button size="sm" onClick={() => void load.refetch()}>
            Retry
          </Button>
        }
      >
        {messageOf(load.error)}
      </ErrorPanel>
    );
  }
  return (
    <p className="flex items-center gap-2 py-10 text-zinc-500">
      <Spinner /> Loading the {what}…
    </p>
  );
}
