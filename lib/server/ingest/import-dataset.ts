import "server-only";
import { mkdir, rename, rm, stat, readdir } from "node:fs/promises";
import path from "node:path";
import { customAlphabet } from "nanoid";
import { toSqlIdentifier, uniqueNames } from "@/lib/core/ingest/identifiers";
import type { DatasetDetail, TableMeta } from "@/lib/core/model/dataset";
import { datasetDir, datasetsDir, tmpDir } from "@/lib/server/config";
import { insertDataset } from "@/lib/server/stores/datasets";
import { indexAfterImport } from "@/lib/server/index/queue";
import { openForWrite } from "@/lib/server/sqlite/open";
import { importCsv } from "./csv";
import { ImportError } from "./errors";
import { importSqlite } from "./sqlite";
import { DEFAULT_LIMITS, type FileImporter, type ImportContext, type ImportProgress, type UploadedFile } from "./types";
import { importXlsx } from "./xlsx";

export const newDatasetId = customAlphabet("0123456789abcdefghijklmnopqrstuvwxyz", 12);

const IMPORTERS: Array<{ pattern: RegExp; importer: FileImporter }> = [
  { pattern: /\.(csv|tsv|tab|txt)$/i, importer: importCsv },
  { pattern: /\.(xlsx|xlsm)$/i, importer: importXlsx },
  { pattern: /\.(sqlite|sqlite3|db|db3)$/i, importer: importSqlite },
];

export const SUPPORTED_EXTENSIONS = ".csv, .tsv, .txt, .xlsx, .sqlite, .sqlite3, .db";

function importerFor(file: UploadedFile): FileImporter {
  const match = IMPORTERS.find((i) => i.pattern.test(file.originalName));
  if (!match) {
    throw new ImportError("unsupported_type", `${file.originalName}: unsupported file type. Upload ${SUPPORTED_EXTENSIONS} files.`, 415);
  }
  return match.importer;
}

function defaultName(files: UploadedFile[]): string {
  const base = (f: UploadedFile) => f.originalName.replace(/\.[^.]+$/, "");
  if (files.length === 1) return base(files[0]);
  const names = files.map(base);
  return names.length <= 3 ? names.join(" + ") : `${names.slice(0, 2).join(" + ")} + ${names.length - 2} more`;
}

async function directorySize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir)) total += (await stat(path.join(dir, entry))).size;
  return total;
}

/**
 * Imports uploaded files as one dataset. Everything is built in a temporary directory and becomes
 * visible (directory moved, metadata committed in one transaction) only when every file succeeded.
 */
export async function importDataset(files: UploadedFile[], options: { name?: string; onProgress?: (p: Partial<ImportProgress>) => void } = {}): Promise<DatasetDetail> {
  if (files.length === 0) throw new ImportError("no_files", "No files were uploaded. Send one or more files in the form field \"files\".");
  const importers = files.map(importerFor);
  const id = newDatasetId();
  const work = path.join(tmpDir(), id);
  await mkdir(work, { recursive: true });
  const db = openForWrite(path.join(work, "rows.sqlite"));
  const attachments: Array<{ alias: string; file: string }> = [];
  const displayNames: string[] = [];
  const sqlNames: string[] = [];
  const ctx: ImportContext = {
    db,
    workDir: work,
    limits: DEFAULT_LIMITS,
    report: (p) => options.onProgress?.(p),
    reserveTable(displayName) {
      const [name] = uniqueNames([displayName.trim() || "table"], displayNames);
      const [sqlName] = uniqueNames([toSqlIdentifier(name, "table")], sqlNames);
      displayNames.push(name);
      sqlNames.push(sqlName);
      return { name, sqlName };
    },
    attachCopy(file) {
      const alias = `src${attachments.length + 1}`;
      attachments.push({ alias, file });
      return alias;
    },
    yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
  };
  try {
    const tables: TableMeta[] = [];
    db.exec("BEGIN");
    for (const [i, file] of files.entries()) {
      options.onProgress?.({ stage: `Reading ${file.originalName}`, file: file.originalName, rowsDone: 0, bytesDone: 0, bytesTotal: file.size });
      tables.push(...(await importers[i](file, ctx)));
    }
    db.exec("COMMIT");
    db.exec("PRAGMA journal_mode = DELETE");
    db.close();
    options.onProgress?.({ stage: "Saving dataset" });
    const sizeBytes = await directorySize(work);
    await mkdir(datasetsDir(), { recursive: true });
    await rename(work, datasetDir(id));
    const name = options.name?.trim() || defaultName(files);
    try {
      // Notes are stored per table; the dataset-level list is for notes about the upload as a whole.
      await insertDataset({ id, name, sizeBytes, storage: { main: "rows.sqlite", attachments }, tables, notes: [] });
    } catch (err) {
      await rm(datasetDir(id), { recursive: true, force: true });
      throw err;
    }
    indexAfterImport(id); // committed: build the offline index in the background
    return { id, name, createdAt: new Date().toISOString(), sizeBytes, tableCount: tables.length, rowCount: tables.reduce((n, t) => n + t.rowCount, 0), tables, notes: [] };
  } catch (err) {
    if (db.open) db.close();
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}
