"use client";

import { useDatasetName } from "@/components/datasets/useDataset";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { queryKeys } from "@/components/api/queryKeys";
import { messageOf } from "@/components/api/client";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { deleteQuestionSet, getQuestionSet, renameQuestionSet } from "./api";
import { BatchForm } from "./BatchForm";
import { BatchList } from "./BatchList";
import { UploadQuestionSet } from "./UploadQuestionSet";

/** A question set: rename, re-upload, delete; run a batch; its batches. */
export function QuestionSetPage({ setId }: { setId: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const set = useQuery({
    queryKey: queryKeys.questionSet(setId),
    queryFn: ({ signal }) => getQuestionSet(setId, signal),
  });
  const [name, setName] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rename = useMutation({
    mutationFn: (value: string) => renameQuestionSet(setId, value),
    onSuccess: () => {
      setName(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionSet(setId) });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteQuestionSet(setId),
    onSuccess: () => {
      if (set.data) void queryClient.invalidateQueries({ queryKey: queryKeys.questionSets(set.data.datasetId) });
      router.push(set.data ? `/datasets/${encodeURIComponent(set.data.datasetId)}` : "/");
    },
  });
  const datasetName = useDatasetName(set.data?.datasetId);
  if (set.isError) return <ErrorPanel title="Could not open the question set">{messageOf(set.error)}</ErrorPanel>;
  if (!set.data) return <p className="py-10 text-zinc-500">Loading question set…</p>;
  const s = set.data;
  return (
    <div className="space-y-4">
      <Breadcrumb
        crumbs={[
          { label: "Datasets", href: "/" },
          { label: datasetName, href: `/datasets/${encodeURIComponent(s.datasetId)}` },
          { label: s.name },
        ]}
      />
      <header className="flex flex-wrap items-center gap-3">
        {name === null ? (
          <h1 className="text-lg font-semibold" data-testid="question-set-title">
            {s.name}
          </h1>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              rename.mutate(name);
            }}
          >
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-label="New name"
              className="h-8 rounded-md border border-zinc-300 px-2"
              data-testid="question-set-rename-input"
            />
          </form>
        )}
        <span className="text-xs text-zinc-500" data-testid="question-set-count">
          {s.count} questions
        </span>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setName(name === null ? s.name : null)}
          data-testid="question-set-rename"
        >
          {name === null ? "Rename" : "Cancel"}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} data-testid="question-set-delete">
          Delete
        </Button>
      </header>
      {rename.isError ? <p className="text-xs text-red-700">{messageOf(rename.error)}</p> : null}
      <UploadQuestionSet datasetId={s.datasetId} setId={setId} />
      <BatchForm setId={setId} datasetId={s.datasetId} />
      <BatchList setId={setId} />
      {confirming ? (
        <ConfirmDialog
          title={`Delete “${s.name}”?`}
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate()}
        >
          Its {s.count} questions and every batch run over them are deleted. The runs stay in the dataset&apos;s
          history.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
