"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ApiError } from "@/components/api/client";

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
          // A refusal (4xx: not found, not indexed yet, bad input) is an answer, not a glitch: no retry.
          queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: retryOnce },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function retryOnce(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}
