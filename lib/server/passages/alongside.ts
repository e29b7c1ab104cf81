import "server-only";
import { readFile } from "node:fs/promises";
import { HttpError } from "@/lib/server/http/errors";
import type { UploadedFile } from "@/lib/server/ingest/types";
import { addPassages } from "./add-passages";

/** Passage files in a dataset upload: .jsonl, .json and Markdown (a .txt or .csv stays a table there). */
const PASSAGE_IN_UPLOAD = /\.(jsonl|json|md|markdown)$/i;

/** Separates the passage files of an upload from its table files; passages alone are refused. */
export function splitPassageFiles(files: UploadedFile[]): { tables: UploadedFile[]; passages: UploadedFile[] } {
  const passages = files.filter((f) => PASSAGE_IN_UPLOAD.test(f.originalName));
  const tables = files.filter((f) => !PASSAGE_IN_UPLOAD.test(f.originalName));
  if (!tables.length && passages.length) {
    throw new HttpError(
      "no_tables",
      "Passages link to table rows: upload at least one table (.csv, .tsv, .txt, .xlsx, .sqlite) with them, " +
        "or add passages on a dataset's Passages tab.",
      400,
    );
  }
  return { tables, passages };
}

/**
 * Adds the passage files uploaded with a new dataset's tables. The tables are already imported,
 * so a passage problem never undoes them: it becomes a note of the import, as do the counts.
 */
export async function passagesAlongside(datasetId: string, files: UploadedFile[]): Promise<string[]> {
  const read = await Promise.all(
    files.map(async (f) => ({ name: f.originalName, bytes: new Uint8Array(await readFile(f.path)) })),
  );
  try {
    const r = await addPassages(datasetId, read);
    return [
      `Passages: ${r.added} added, ${r.links} links from rows to ${r.linkedPassages} of them.`,
      ...r.problems.map((p) => `Passages: ${p.file}${p.line ? `, line ${p.line}` : ""}: ${p.message}`),
      ...r.notes.map((n) => `Passages: ${n}`),
    ];
  } catch (err) {
    if (err instanceof HttpError) return [`Passages: ${err.message}`];
    throw err;
  }
}
