"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { queryKeys } from "@/components/api/queryKeys";
import { messageOf } from "@/components/api/client";
import { Button } from "@/components/ui/Button";
import { type QuestionSetUploadResult, uploadQuestionSet } from "./api";

/** Lines the server refused, by line number, with the count kept. */
function UploadReport({ result }: { result: QuestionSetUploadResult }) {
  return (
    <div className="space-y-1 text-xs" data-testid="question-set-upload-report">
      <p className="text-emerald-700">
        Kept <span data-testid="question-set-kept">{result.count}</span> question{result.count === 1 ? "" : "s"} in “
        {result.name}”.
      </p>
      {result.errors.length ? (
        <ul className="list-inside list-disc text-amber-800" data-testid="question-set-errors">
          {result.errors.map((e) => (
            <li key={`${e.line}-${e.message}`} data-testid="question-set-error" data-line={e.line}>
              {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Picks a JSONL or CSV file and uploads it as a new set of the dataset (or, with `setId`, replaces
 * that set's questions). Bad lines come back by line number; the good ones are kept.
 */
export function UploadQuestionSet({ datasetId, setId }: { datasetId: string; setId?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadQuestionSet(setId ? { setId } : { datasetId }, file, setId ? undefined : name.trim() || undefined),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionSets(datasetId) });
      if (setId) void queryClient.invalidateQueries({ queryKey: queryKeys.questionSet(setId) });
      if (input.current) input.current.value = "";
    },
  });
  return (
    <div className="space-y-2">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const file = input.current?.files?.[0];
          if (file) upload.mutate(file);
        }}
      >
        {setId ? <span className="text-xs text-zinc-500">Replace the questions with a new file:</span> : null}
        {setId ? null : (
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Name (default: the file's)"
            aria-label="Question set name"
            className="h-8 w-52 rounded-md border border-zinc-300 px-2 text-sm"
            data-testid="question-set-name"
          />
        )}
        <input
          ref={input}
          type="file"
          accept=".jsonl,.ndjson,.csv,application/json,text/csv"
          aria-label="Question set file (JSONL or CSV)"
          className="text-xs"
          data-testid={setId ? "question-set-reupload-file" : "question-set-file"}
        />
        <Button
          type="submit"
          size="sm"
          disabled={upload.isPending}
          data-testid={setId ? "question-set-reupload" : "question-set-upload"}
        >
          {upload.isPending ? "Uploading…" : setId ? "Re-upload" : "Add question set"}
        </Button>
      </form>
      {upload.isError ? (
        <p className="text-xs text-red-700" role="alert" data-testid="question-set-upload-error">
          {messageOf(upload.error)}
        </p>
      ) : null}
      {upload.data ? <UploadReport result={upload.data} /> : null}
    </div>
  );
}
