import "server-only";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { datasetDir, datasetsDir, tmpDir } from "@/lib/server/config";
import { datasetIds, deleteDatasetRecord } from "@/lib/server/stores/datasets";
import { deleteIndexRecords } from "@/lib/server/index/generations";
import { cancelIndexing } from "@/lib/server/index/queue";
import { deletePassageRecords } from "@/lib/server/passages/store";
import { datasetChanged } from "@/lib/server/process/dataset-caches";

/** Deletes a dataset: its directory is moved aside first so a crash never leaves a half-deleted one listed. */
export async function deleteDataset(id: string): Promise<boolean> {
  const trash = path.join(tmpDir(), `deleted-${id}-${Date.now()}`);
  await mkdir(tmpDir(), { recursive: true });
  cancelIndexing(id);
  const existed = await deleteDatasetRecord(id);
  if (!existed) return false;
  // Its index files live in its directory (removed below); its index and passage rows go here,
  // and every in-memory index built from it is dropped.
  await deleteIndexRecords(id);
  await deletePassageRecords(id);
  datasetChanged(id);
  await rename(datasetDir(id), trash).catch(() => undefined);
  await rm(trash, { recursive: true, force: true });
  return true;
}

/**
 * Removes what an interrupted import or delete left behind: everything under tmp/ and any dataset
 * directory with no record. Runs once at server start, before any import can be in flight.
 */
export async function cleanUpInterruptedWork(): Promise<string[]> {
  const removed: string[] = [];
  await rm(tmpDir(), { recursive: true, force: true });
  await mkdir(tmpDir(), { recursive: true });
  await mkdir(datasetsDir(), { recursive: true });
  const known = await datasetIds();
  for (const entry of await readdir(datasetsDir())) {
    if (!known.has(entry)) {
      await rm(path.join(datasetsDir(), entry), { recursive: true, force: true });
      removed.push(entry);
    }
  }
  return removed;
}
