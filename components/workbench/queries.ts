"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { getMethods, getReasoners, getRun, listRuns } from "./api/endpoints";

/** The methods as the server offers them for this dataset (each with what the dataset lacks for it). */
export function useMethods(datasetId: string) {
  return useQuery({
    queryKey: queryKeys.methods(datasetId),
    queryFn: ({ signal }) => getMethods(datasetId, signal),
  });
}

export function useReasoners() {
  return useQuery({ queryKey: queryKeys.reasoners(), queryFn: ({ signal }) => getReasoners(signal) });
}

/** The dataset's past runs; a finished question invalidates it. */
export function useRuns(datasetId: string) {
  return useQuery({ queryKey: queryKeys.runs(datasetId), queryFn: ({ signal }) => listRuns(datasetId, signal) });
}

export function useRun(runId: string) {
  return useQuery({ queryKey: queryKeys.run(runId), queryFn: ({ signal }) => getRun(runId, signal) });
}
