"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ApiError, messageOf } from "@/components/api/client";
import { queryKeys } from "@/components/api/queryKeys";
import type { ImportResult } from "@/components/api/types";
import { Button } from "@/components/ui/Button";
import { suggestDatasetName } from "@/lib/core/names/dataset-name";
import { Dropzone } from "./Dropzone";
import { FileList } from "./FileList";
import { mergeFiles } from "./fileTypes";
import { ImportError, ImportProgressView, ImportSuccess } from "./ImportStatus";
import { useImportPolling } from "./useImportPolling";
import { AUTO_DIALECT, DialectPicker, type DialectChoice } from "./DialectPicker";
import { newUploadId, uploadDataset, type UploadHandle } from "./xhrUpload";

export type UploadPhase =
  | { kind: "idle" }
  | { kind: "working"; uploadId: string; loaded: number; total: number; uploaded: boolean }
  | { kind: "success"; result: ImportResult }
  | { kind: "error"; message: string };

/**
 * Picks files and imports them. The upload is an XHR (for its progress events) run as a mutation;
 * a finished import adds a dataset, so it invalidates the dataset list.
 */
export function UploadPanel() {
  const client = useQueryClient();
  const importFiles = useMutation({
    mutationFn: (upload: UploadHandle) => upload.result,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.datasets(), exact: true }),
  });
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const [phase, setPhase] = useState<UploadPhase>({ kind: "idle" });
  const [dialect, setDialect] = useState<DialectChoice>(AUTO_DIALECT);
  // The dataset's name: typed by the user, or suggested from the files until they type one.
  const [name, setName] = useState("");
  const folder = files.find((f) => f.webkitRelativePath?.includes("/"))?.webkitRelativePath.split("/")[0] ?? null;
  const suggested = files.length
    ? suggestDatasetName(
        files.map((f) => f.name),
        folder,
      )
    : "";
  const handle = useRef<UploadHandle | null>(null);
  const working = phase.kind === "working";
  const progress = useImportPolling(working ? phase.uploadId : null);

  const addFiles = (incoming: File[]) => {
    const merged = mergeFiles(files, incoming);
    setFiles(merged.files);
    setRejected(merged.rejected);
    if (phase.kind !== "working") setPhase({ kind: "idle" });
  };

  const start = async () => {
    if (files.length === 0 || working) return;
    const uploadId = newUploadId();
    const total = files.reduce((sum, f) => sum + f.size, 0);
    setRejected([]);
    setPhase({ kind: "working", uploadId, loaded: 0, total, uploaded: false });
    const update = (patch: Partial<Extract<UploadPhase, { kind: "working" }>>) =>
      setPhase((p) => (p.kind === "working" && p.uploadId === uploadId ? { ...p, ...patch } : p));
    handle.current = uploadDataset(
      files,
      uploadId,
      {
        onUploadProgress: (loaded, size) => update({ loaded, total: size }),
        onUploadComplete: () => update({ uploaded: true }),
      },
      { ...dialect, name: (name.trim() || suggested).slice(0, 200) },
    );
    try {
      const result = await importFiles.mutateAsync(handle.current);
      setPhase({ kind: "success", result });
      setFiles([]);
      setName("");
    } catch (err) {
      const cancelled = err instanceof ApiError && err.code === "aborted";
      setPhase(cancelled ? { kind: "idle" } : { kind: "error", message: messageOf(err) });
    } finally {
      handle.current = null;
    }
  };

  return (
    <section aria-labelledby="upload-heading" className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id="upload-heading" className="text-sm font-semibold text-zinc-900">
          Import data
        </h2>
        <p className="text-xs text-zinc-500">Files are stored on this machine.</p>
      </div>
      <div className="space-y-3">
        <Dropzone disabled={working} onFiles={addFiles} />
        {rejected.length > 0 ? (
          <p role="status" className="text-xs text-amber-700">
            Skipped (unsupported type): {rejected.join(", ")}
          </p>
        ) : null}
        <FileList files={files} disabled={working} onRemove={(i) => setFiles(files.filter((_, j) => j !== i))} />
        {files.length ? (
          <label className="flex flex-wrap items-center gap-2 text-xs text-zinc-600">
            Dataset name
            <input
              data-testid="upload-name"
              value={name}
              placeholder={suggested}
              maxLength={200}
              disabled={working}
              onChange={(e) => setName(e.target.value)}
              className="h-7 min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900"
            />
          </label>
        ) : null}
        <DialectPicker value={dialect} onChange={setDialect} disabled={working} />
        <div className="flex items-center gap-2">
          <Button
            variant="primary"
            data-testid="upload-submit"
            onClick={start}
            disabled={files.length === 0 || working}
          >
            {working ? "Importing…" : files.length > 1 ? `Import ${files.length} files` : "Import"}
          </Button>
          {working ? (
            <Button variant="ghost" onClick={() => handle.current?.abort()}>
              Cancel
            </Button>
          ) : null}
        </div>
        {phase.kind === "working" ? <ImportProgressView phase={phase} progress={progress} /> : null}
        {phase.kind === "success" ? <ImportSuccess result={phase.result} /> : null}
        {phase.kind === "error" ? <ImportError message={phase.message} /> : null}
      </div>
    </section>
  );
}
