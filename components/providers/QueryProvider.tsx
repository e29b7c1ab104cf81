"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";

/**
 * One TanStack Query client per browser tab: every load and mutation in the UI goes through it, so a
 * mutation invalidates the queries it changes instead of bumping a refetch counter.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Dataset pages are edited by this tab only; a refetch on every focus would reset scroll positions.
          queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
