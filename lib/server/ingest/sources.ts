import "server-only";
import { copyFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { UploadedFile } from "./types";

/** File name of a kept source inside the dataset directory (flat, so the size count sees it). */
const keptName = (index: number, originalName: string) =>
  `source-${index}-${originalName.replace(/[^\w.-]+/g, "_").slice(0, 120)}`;

/**
 * Keeps a copy of an uploaded CSV/TSV/XLSX file beside the dataset's rows, so a table can be
 * re-imported later with another header depth or dialect without asking for the file again.
 */
export async function keepSource(workDir: string, index: number, file: UploadedFile): Promise<void> {
  await copyFile(file.path, path.join(workDir, keptName(index, file.originalName)));
}

/** The kept copy of a table's source file, or null for datasets imported before sources were kept. */
export async function findSource(datasetDir: string, originalName: string): Promise<string | null> {
  const suffix = keptName(0, originalName).slice("source-0-".length);
  const match = (await readdir(datasetDir)).find(
    (f) => /^source-\d+-/.test(f) && f.replace(/^source-\d+-/, "") === suffix,
  );
  return match ? path.join(datasetDir, match) : null;
}
