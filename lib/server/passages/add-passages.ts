import "server-only";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { parsePassageText } from "@/lib/core/ingest/passage-formats";
import {
  isPassageFile,
  type ParsedPassage,
  normalisePassages,
  parseTextFile,
  type PassageParse,
  type AddPassagesResult,
} from "@/lib/core/ingest/passages";
import { config, tmpDir } from "@/lib/server/config";
import { newDatasetId } from "@/lib/server/ingest/import-dataset";
import { HttpError } from "@/lib/server/http/errors";
import { receiveUpload } from "@/lib/server/http/receive-upload";
import { relinkDataset } from "./graph";
import { allPassages, insertPassages } from "./store";

export type { AddPassagesResult } from "@/lib/core/ingest/passages";

/** Decodes a file as UTF-8, or says it is not (a Latin-1 or UTF-16 file would turn into mojibake). */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

/** Parses one uploaded file into passages, by its extension. */
function parsePassageFile(name: string, bytes: Uint8Array): PassageParse {
  if (!isPassageFile(name))
    return {
      passages: [],
      problems: [{ file: name, message: `${name} is not a passage file; use .jsonl, .json, .csv, .txt or .md.` }],
      notes: [],
    };
  const text = decodeUtf8(bytes);
  if (text === null)
    return {
      passages: [],
      problems: [
        {
          file: name,
          message: `${name} is not UTF-8 text; save it as UTF-8 and upload it again. Nothing from it was added.`,
        },
      ],
      notes: [],
    };
  return /\.(jsonl|json|csv)$/i.test(name) ? parsePassageText(name, text) : parseTextFile(name, text);
}

/**
 * Adds parsed passages to a dataset and re-links the tables to all of its passages. Problems are
 * per file and line; what could be read is kept. Refuses (400) only when nothing could be.
 */
export async function addPassages(
  datasetId: string,
  files: Array<{ name: string; bytes: Uint8Array }>,
  fromColumn: ParsedPassage[] = [],
): Promise<AddPassagesResult> {
  const parsed: PassageParse = { passages: [...fromColumn], problems: [], notes: [] };
  for (const f of files) {
    const r = parsePassageFile(f.name, f.bytes);
    parsed.passages.push(...r.passages);
    parsed.problems.push(...r.problems);
    parsed.notes.push(...r.notes);
  }
  const existing = await allPassages(datasetId);
  const ready = normalisePassages(
    parsed,
    existing.map((p) => p.title),
  );
  if (!ready.passages.length) {
    const first = ready.problems[0]?.message ?? "No passages were found.";
    throw new HttpError(
      "no_passages",
      `No passage could be read. ${first}${
        ready.problems.length > 1 ? ` (and ${ready.problems.length - 1} more problems)` : ""
      }`,
      400,
    );
  }
  const added = await insertPassages(datasetId, ready.passages);
  const linked = await relinkDataset(datasetId);
  const unlinked = linked.passages - linked.linkedPassages;
  const notes = [...ready.notes];
  if (unlinked > 0)
    notes.push(
      `${unlinked} of ${linked.passages} passages link to no table row (no cell names their title); ` +
        `HELIOS can still reach them by node expansion.`,
    );
  if (linked.truncated) notes.push("Only the first 50,000 rows were linked.");
  return {
    added,
    total: linked.passages,
    links: linked.links,
    linkedPassages: linked.linkedPassages,
    problems: ready.problems,
    notes,
  };
}

/** Receives a multipart upload of passage files for a dataset and adds them. */
export async function uploadPassages(datasetId: string, request: Request): Promise<AddPassagesResult> {
  const dir = path.join(tmpDir(), `passages-${newDatasetId()}`);
  try {
    const limits = {
      maxFileBytes: config.maxFileBytes,
      maxTotalBytes: config.maxUploadBytes,
      maxFiles: config.maxFilesPerUpload,
    };
    const upload = await receiveUpload(request, dir, limits, () => undefined);
    const files = await Promise.all(
      upload.files.map(async (f) => ({ name: f.originalName, bytes: new Uint8Array(await readFile(f.path)) })),
    );
    return await addPassages(datasetId, files);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
