"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import { Button } from "@/components/ui/Button";
import type { ConnectionInfo } from "@/lib/core/model/postgres-target";
import { refreshSchema } from "./connectApi";

const BAR =
  "flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 " +
  "text-xs text-sky-950";

/**
 * Where a connected dataset's rows live (never the password), how its index was sampled, and
 * "Refresh schema", which re-reads the catalog and re-indexes.
 */
export function ConnectionBar({ datasetId, connection }: { datasetId: string; connection: ConnectionInfo }) {
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshSchema(datasetId),
    onSuccess: () => {
      // The tables may have changed: everything the dataset owns is read again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataset(datasetId) });
    },
  });
  const c = connection;
  return (
    <div data-testid="connection-bar" className={BAR}>
      <span className="font-semibold">PostgreSQL</span>
      <span data-testid="connection-target">
        {c.user}@{c.host}:{c.port}/{c.database} · schemas {c.schemas.join(", ")} · credentials{" "}
        {c.stored === "encrypted" ? "stored encrypted" : `from ${c.stored}`}
      </span>
      <span data-testid="connection-sample">
        Indexed from samples of up to {c.sampleRows.toLocaleString("en-US")} rows per table; questions run on the whole
        tables, read-only.
      </span>
      <Button size="sm" data-testid="refresh-schema" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
        {refresh.isPending ? "Refreshing…" : "Refresh schema"}
      </Button>
      {refresh.isError && (
        <span role="alert" className="text-red-700">
          {messageOf(refresh.error)}
        </span>
      )}
    </div>
  );
}
