"use client";

import { useCallback, useEffect, useState } from "react";
import { isAbort, messageOf } from "@/components/api/client";

export type Loaded<T> =
  | { status: "loading"; data: T | null }
  | { status: "ready"; data: T }
  | { status: "error"; data: T | null; error: string };

/**
 * Loads `fetcher` whenever `key` changes and keeps the previous data while reloading, so a view
 * does not blank out when the index moves to a new generation. `retry` reloads by hand.
 */
export function useLoad<T>(
  key: string,
  fetcher: (signal: AbortSignal) => Promise<T>,
): Loaded<T> & { retry: () => void; set: (data: T) => void } {
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<Loaded<T>>({ status: "loading", data: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ status: "loading", data: s.data }));
    fetcher(controller.signal)
      .then((data) => setState({ status: "ready", data }))
      .catch((err: unknown) => {
        if (isAbort(err)) return;
        setState((s) => ({ status: "error", data: s.data, error: messageOf(err) }));
      });
    return () => controller.abort();
    // The fetcher is recreated on every render; `key` says when the request really changes.
  }, [key, nonce]);

  const retry = useCallback(() => setNonce((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ status: "ready", data }), []);
  return { ...state, retry, set };
}
