"use client";

import { useEffect, useState } from "react";
import { isAbort, messageOf } from "@/components/api/client";

export type Load<T> = { status: "loading" } | { status: "error"; error: string } | { status: "ready"; data: T };

/** Loads data for a key, aborting when the key changes or the component unmounts. */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [state, setState] = useState<{ key: string | null; load: Load<T> }>({ key, load: { status: "loading" } });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState({ key, load: { status: "loading" } });
    load(controller.signal).then(
      (data) => setState({ key, load: { status: "ready", data } }),
      (err: unknown) => {
        if (!isAbort(err) && !controller.signal.aborted)
          setState({ key, load: { status: "error", error: messageOf(err) } });
      },
    );
    return () => controller.abort();
    // `load` is identified by `key`.
  }, [key]);
  return state.key === key ? state.load : { status: "loading" };
}
