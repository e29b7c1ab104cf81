"use client";

import { diffText } from "@/lib/core/compare/text-diff";

/** The two runs' SQL as a word diff: removed words struck through in red, added ones in green. */
export function SqlDiff({ a, b }: { a: string | null; b: string | null }) {
  if (!a && !b) return <p className="text-xs text-zinc-500">Neither run has SQL.</p>;
  const pieces = diffText(a ?? "", b ?? "");
  return (
    <pre className="overflow-auto rounded bg-zinc-50 p-2 text-xs whitespace-pre-wrap" data-testid="diff-sql">
      {pieces.map((p, i) =>
        p.op === "same" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional and never reorder
          <span key={i}>{p.text}</span>
        ) : p.op === "removed" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional and never reorder
          <del key={i} className="bg-red-100 text-red-800" data-testid="diff-sql-removed">
            {p.text}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional and never reorder
          <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline" data-testid="diff-sql-added">
            {p.text}
          </ins>
        ),
      )}
    </pre>
  );
}
