import "server-only";
import { copyFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { UploadedFile } from "./types";

/**
 * File name of a kept source inside the dataset directory (flat, so the size count sees it). The
 * file's position in its upload makes the name unique, whatever names the files had.
 */
const sourceKeyOf = (index: number, originalName: string) =>
  `source-${index}-${originalName.replace(/[^\w.-]+/g, "_").slice(0, 120)}`;

/**
 * Keeps a copy of an uploaded CSV/TSV/XLSX file beside the dataset's rows, so a table can be
 * re-imported later with another header depth or dialect without asking for the file again.
 * Returns the copy's key, which the tables read from the file keep as their `sourceKey`.
 */
export async function keepSource(workDir: string, index: number, file: UploadedFile): Promise<string> {
  const key = sourceKeyOf(index, file.originalName);
  await copyFile(file.path, path.join(workDir, key));
  return key;
}

export type SourceLookup = { found: string } | { found: null; why: "not_kept" | "ambiguous"; candidates: number };

/**
 * The kept copy of a table's source file, found by the table's own `sourceKey`. Tables imported
 * before files had an identity fall back to their file name, and only when exactly one kept file
 * has that name: two files whose names clean alike ("report 2024.csv", "report_2024.csv") must
 * never lend one table the other's rows.
 */
export async function findSource(
  datasetDir: string,
  table: Pick<TableMeta, "sourceFile" | "sourceKey">,
): Promise<SourceLookup> {
  const kept = (await readdir(datasetDir)).filter((f) => /^source-\d+-/.test(f));
  if (table.sourceKey)
    return kept.includes(table.sourceKey)
      ? { found: path.join(datasetDir, table.sourceKey) }
      : { found: null, why: "not_kept", candidates: 0 };
  const suffix = sourceKeyOf(0, table.sourceFile).slice("source-0-".length);
  const matches = kept.filter((f) => f.replace(/^source-\d+-/, "") === suffix);
  if (matches.length === 1) return { found: path.join(datasetDir, matches[0]) };
  return { found: null, why: matches.length ? "ambiguous" : "not_kept", candidates: matches.length };
}
