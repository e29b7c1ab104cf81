import "server-only";
import { suggestDatasetName } from "@/lib/core/names/dataset-name";
import { mkdir, open, rename, rm, stat, readdir } from "node:fs/promises";
import path from "node:path";
import { customAlphabet } from "nanoid";
import { capName, toSqlIdentifier, uniqueNames } from "@/lib/core/ingest/identifiers";
import { sniffContent, type ContentKind } from "@/lib/core/ingest/sniff";
import type { DatasetDetail, TableMeta } from "@/lib/core/model/dataset";
import { MAX_COLUMNS_PER_DATASET, MAX_TABLES_PER_DATASET } from "@/lib/core/model/limits";
import { config, datasetDir, datasetsDir, tmpDir } from "@/lib/server/config";
import { openForWrite } from "@/lib/server/sqlite/open";
import { importCsv } from "./csv";
import { ImportError } from "./errors";
import { keepSource } from "./sources";
import {
  DEFAULT_LIMITS,
  type ImportOverrides,
  type FileImporter,
  type ImportContext,
  type ImportProgress,
  type UploadedFile,
} from "./types";
import { formatBytes } from "@/lib/core/util/format-bytes";

export const newDatasetId = customAlphabet("0123456789abcdefghijklmnopqrstuvwxyz", 12);

// The workbook and SQLite importers, the dataset store and the index queue are loaded when first
// needed: a CSV import (or a script that runs one) does not wait for the workbook reader or the indexing code.
const importXlsx: FileImporter = async (file, ctx) => (await import("./xlsx")).importXlsx(file, ctx);
const importSqlite: FileImporter = async (file, ctx) => (await import("./sqlite")).importSqlite(file, ctx);

const BY_CONTENT: Partial<Record<ContentKind, FileImporter>> = {
  sqlite: importSqlite,
  zip: importXlsx,
  ole: importXlsx, // an encrypted workbook is an OLE container; the XLSX importer says so
  text: importCsv,
  "utf16-text": importCsv,
  "utf32-text": importCsv,
  empty: importCsv, // reports the empty file by name
};

const SUPPORTED_EXTENSIONS = ".csv, .tsv, .txt, .xlsx, .sqlite, .sqlite3, .db";
const BINARY_NAMES = /^(xlsx|xlsm|sqlite|sqlite3|db|db3)$/i;
const SUPPORTED = /^(csv|tsv|tab|txt|xlsx|xlsm|sqlite|sqlite3|db|db3)$/i;

/**
 * Picks the importer from the file's first bytes, never from its name: a CSV called .xlsx is read
 * as CSV, and a program renamed .csv is refused. The name only shapes messages and table names.
 */
async function importerFor(file: UploadedFile): Promise<FileImporter> {
  const ext = /\.([^./]+)$/.exec(file.originalName)?.[1];
  if (ext && !SUPPORTED.test(ext))
    throw new ImportError(
      "unsupported_type",
      `${file.originalName}: unsupported file type. Upload ${SUPPORTED_EXTENSIONS} files.`,
      415,
    );
  const handle = await open(file.path, "r");
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const kind = sniffContent(head.subarray(0, bytesRead));
    // Text named as a binary format goes to that format's importer, whose header check explains
    // the mismatch ("not a SQLite database") better than a CSV made of it would.
    if ((kind === "text" || kind === "empty") && ext && BINARY_NAMES.test(ext))
      return /^xls/i.test(ext) ? importXlsx : importSqlite;
    // Binary bytes under a text name: the CSV reader explains that it is not a text file.
    if (kind === "binary" && ext && /^(csv|tsv|tab|txt)$/i.test(ext)) return importCsv;
    const importer = BY_CONTENT[kind];
    if (!importer)
      throw new ImportError(
        "unsupported_type",
        `${file.originalName} is not a CSV/TSV, XLSX or SQLite file (its content is binary data of another ` +
          `kind). Upload ${SUPPORTED_EXTENSIONS} files.`,
        415,
      );
    return importer;
  } finally {
    await handle.close();
  }
}

const describeFiles = (files: UploadedFile[]) =>
  files.length === 1 ? files[0].originalName : `The ${files.length} files of this upload`;

function tooManyTables(files: UploadedFile[]): ImportError {
  return new ImportError(
    "too_many_tables",
    `${describeFiles(files)} ${files.length === 1 ? "has" : "have"} more than ` +
      `${MAX_TABLES_PER_DATASET.toLocaleString("en-US")} tables; a dataset holds at most that many ` +
      `(MAX_TABLES_PER_DATASET). Upload the tables you need in a smaller file.`,
    413,
  );
}

function defaultName(files: UploadedFile[]): string {
  return suggestDatasetName(files.map((f) => f.originalName));
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
export async function importDataset(
  files: UploadedFile[],
  options: { name?: string; onProgress?: (p: Partial<ImportProgress>) => void; overrides?: ImportOverrides } = {},
): Promise<DatasetDetail> {
  if (files.length === 0)
    throw new ImportError("no_files", 'No files were uploaded. Send one or more files in the form field "files".');
  // The upload route enforces these while bytes arrive; files that reach an import another way
  // (scripts, the sample, a sparse file) are held to the same limit before anything is copied.
  const tooBig = files.find((f) => f.size > config.maxFileBytes);
  if (tooBig)
    throw new ImportError(
      "file_too_large",
      `${tooBig.originalName} is ${formatBytes(tooBig.size)}; the limit for one file ` +
        `is ${formatBytes(config.maxFileBytes)} (MAX_FILE_BYTES).`,
      413,
    );
  const importers = await Promise.all(files.map(importerFor));
  // Loads while the files are read (the import leaves this thread time between batches).
  const storing = Promise.all([import("@/lib/server/stores/datasets"), import("@/lib/server/index/queue")]);
  storing.catch(() => undefined); // awaited below; a failed import must not leave it unobserved
  const id = newDatasetId();
  const work = path.join(tmpDir(), id);
  await mkdir(work, { recursive: true });
  const rowsFile = path.join(work, "rows.sqlite");
  const db = openForWrite(rowsFile);
  const attachments: Array<{ alias: string; file: string }> = [];
  const displayNames: string[] = [];
  const sqlNames: string[] = [];
  // Notes about a table's own name, by the name it was given (the importer owns its table's notes).
  const nameNotes = new Map<string, string>();
  const ctx: ImportContext = {
    db,
    freshRowsFile: rowsFile,
    workDir: work,
    limits: DEFAULT_LIMITS,
    overrides: options.overrides,
    report: (p) => options.onProgress?.(p),
    reserveTable(displayName) {
      if (displayNames.length >= MAX_TABLES_PER_DATASET) throw tooManyTables(files);
      const capped = capName(displayName.trim(), "The table's name");
      const [name] = uniqueNames([capped.name || "table"], displayNames);
      if (capped.note) nameNotes.set(name, capped.note);
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
      options.onProgress?.({
        stage: `Reading ${file.originalName}`,
        file: file.originalName,
        rowsDone: 0,
        bytesDone: 0,
        bytesTotal: file.size,
      });
      const read = await importers[i](file, ctx);
      for (const t of read) {
        const note = nameNotes.get(t.name);
        if (note) t.notes.unshift(note);
      }
      if (importers[i] === importCsv || importers[i] === importXlsx) {
        // The copy's key is the file's identity: a re-import finds this table's own file by it.
        const sourceKey = await keepSource(work, i, file);
        for (const t of read) t.sourceKey = sourceKey;
      }
      tables.push(...read);
      const columns = tables.reduce((n, t) => n + t.columns.length, 0);
      if (columns > MAX_COLUMNS_PER_DATASET)
        throw new ImportError(
          "too_many_columns",
          `${describeFiles(files)} ${files.length === 1 ? "has" : "have"} more than ` +
            `${MAX_COLUMNS_PER_DATASET.toLocaleString("en-US")} columns in all; a dataset holds at most that many ` +
            `(MAX_COLUMNS_PER_DATASET). Upload fewer or narrower tables.`,
          413,
        );
    }
    const [{ insertDataset }, { indexAfterImport }] = await storing;
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
    return {
      id,
      name,
      createdAt: new Date().toISOString(),
      sizeBytes,
      tableCount: tables.length,
      rowCount: tables.reduce((n, t) => n + t.rowCount, 0),
      tables,
      notes: [],
    };
  } catch (err) {
    if (db.open) db.close();
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}
