"use client";

import { useState } from "react";

/** Copies the SQL as shown (runnable on the user's own file) to the clipboard. */
export function CopySql({ sql }: { sql: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sql);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <button
      type="button"
      data-testid="copy-sql"
      onClick={() => void copy()}
      className="rounded border border-zinc-300 bg-white px-1.5 py-px text-[11px] text-zinc-700 hover:bg-zinc-50"
    >
      {copied === "yes" ? "Copied" : copied === "failed" ? "Copy failed: select the SQL" : "Copy SQL"}
    </button>
  );
}
