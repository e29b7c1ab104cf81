"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import type { SemanticEdit } from "@/lib/core/model/semantic-model";
import { getSemanticModel, patchSemanticModel, type SemanticReset } from "./api";

/** The dataset's semantic model, and two ways to change it: keep an edit, or drop one to get the inferred fact back. */
export function useSemanticModel(datasetId: string, indexKey: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.semanticModel(datasetId, indexKey),
    queryFn: ({ signal }) => getSemanticModel(datasetId, signal),
  });
  const mutation = useMutation({
    mutationFn: (body: { set?: SemanticEdit[]; reset?: SemanticReset[] }) => patchSemanticModel(datasetId, body),
    onSuccess: (data) => client.setQueryData(queryKeys.semanticModel(datasetId, indexKey), data),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.semanticModelAll(datasetId) }),
  });
  return {
    query,
    busy: mutation.isPending,
    error: mutation.error ? messageOf(mutation.error) : null,
    save: (edit: SemanticEdit) => mutation.mutate({ set: [edit] }),
    reset: (key: SemanticReset) => mutation.mutate({ reset: [key] }),
  };
}
