"use client";

import { queryKeys } from "@/components/api/queryKeys";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { getGoldCells } from "./api";

const NONE: string[] = [];

/** The gold cells of `?batch=<id>&q=<questionId>` (a run opened from a batch), or none. */
export function useBatchGoldCells(): readonly string[] {
  const search = useSearchParams();
  const batch = search.get("batch");
  const question = search.get("q");
  const gold = useQuery({
    queryKey: queryKeys.batchGold(batch ?? "", question ?? ""),
    queryFn: ({ signal }) => getGoldCells(batch!, question!, signal),
    enabled: Boolean(batch && question),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return gold.data ?? NONE;
}
