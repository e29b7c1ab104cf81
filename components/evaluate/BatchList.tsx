"use client";

import { queryKeys } from "@/components/api/queryKeys";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { formatDateTime } from "@/components/ui/format";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { listBatches } from "./api";

/** The set's batches, newest first; pick two to compare them. */
export function BatchList({ setId }: { setId: string }) {
  const router = useRouter();
  const [picked, setPicked] = useState<string[]>([]);
  const batches = useQuery({
    queryKey: queryKeys.batches(setId),
    queryFn: ({ signal }) => listBatches(setId, signal),
    refetchInterval: (q) => (q.state.data?.some((b) => b.status === "queued" || b.status === "running") ? 2000 : false),
  });
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.slice(-1), id]));
  if (!batches.data?.length) return <p className="text-xs text-zinc-500">No batches yet.</p>;
  return (
    <section className="space-y-2" data-testid="batch-list">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">Batches</h2>
        <Button
          size="sm"
          disabled={picked.length !== 2}
          onClick={() => {
            const created = (id: string) => batches.data?.find((b) => b.id === id)?.createdAt ?? "";
            const [a, b] = [...picked].sort((x, y) => created(x).localeCompare(created(y)));
            router.push(`/batches/${encodeURIComponent(a)}/compare/${encodeURIComponent(b)}`);
          }}
          data-testid="batch-compare"
        >
          Compare the two picked (older → newer)
        </Button>
      </div>
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
        {batches.data.map((b) => (
          <li key={b.id} className="flex items-center gap-3 px-3 py-2" data-testid="batch-row" data-status={b.status}>
            <input
              type="checkbox"
              aria-label="Pick for comparison"
              checked={picked.includes(b.id)}
              onChange={() => toggle(b.id)}
              data-testid="batch-pick"
            />
            <Link
              href={`/batches/${encodeURIComponent(b.id)}`}
              className="text-indigo-700 hover:underline"
              data-testid="batch-link"
            >
              {b.methods.join(" + ").toUpperCase()} · {b.reasoner}
            </Link>
            <span className="text-xs text-zinc-500">{formatDateTime(b.createdAt)}</span>
            <span className="w-40">
              <ProgressBar value={b.done} max={b.total} label="Batch progress" />
            </span>
            <span className="text-xs text-zinc-600">
              {b.done}/{b.total} · {b.status}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
