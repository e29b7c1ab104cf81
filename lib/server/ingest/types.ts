import "server-only";
import { availableParallelism } from "node:os";
import type { SqliteDb } from "@/lib/server/sqlite/open";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { CsvDialect } from "@/lib/core/ingest/dialect";
import { MAX_COLUMNS_PER_TABLE } from "@/lib/core/model/limits";

/** A file received by the upload handler, already on disk under a generated name. */
export type UploadedFile = {
  originalName: string; // client-supplied name, sanitised; for display only, never a path
  path: string; // absolute path of the stored upload
  size: number;
};

/** What an import reports while it runs; the UI polls it. */
export type ImportProgress = {
  stage: string; // human-readable: "Reading sales.csv", "Checking shop.sqlite"…
  file?: string;
  rowsDone: number;
  bytesDone?: number;
  bytesTotal?: number;
};

export type IngestLimits = {
  maxColumns: number; // SQLite's own column limit is 2000
  maxXlsxUncompressedBytes: number; // zip-bomb guard
  maxXlsxRatio: number; // uncompressed / compressed size
  maxCellChars: number;
  /** CSV files of at least this size are written by the insert worker (for less, starting one costs more). */
  insertWorkerMinBytes: number;
  /**
   * …and from this size by two insert workers taking turns. By default only on three cores or more:
   * with two, the parsing thread and two writers would share two cores, and the split costs CPU
   * (a rowid per row, the final copy) that only a free core pays back.
   */
  twoInsertWorkersMinBytes: number;
};

/** Two insert workers for large files: INSERT_WORKERS=1 or 2 decides, else three cores or more. */
function twoInsertWorkers(): boolean {
  const chosen = process.env.INSERT_WORKERS;
  return chosen === "2" || (chosen !== "1" && availableParallelism() >= 3);
}

export const DEFAULT_LIMITS: IngestLimits = {
  maxColumns: MAX_COLUMNS_PER_TABLE,
  maxXlsxUncompressedBytes: 1_500_000_000,
  maxXlsxRatio: 200,
  maxCellChars: 5_000_000,
  insertWorkerMinBytes: 4_000_000,
  twoInsertWorkersMinBytes: twoInsertWorkers() ? 32_000_000 : Number.POSITIVE_INFINITY,
};

/** What the user chose at upload or re-import when a guess was wrong; anything left out is detected. */
export type ImportOverrides = {
  /** CSV/TSV: delimiter, quote, escape style. */
  dialect?: Partial<Omit<CsvDialect, "headerRows">>;
  /** Header rows of every CSV table or sheet (0–6 for CSV, 1–6 for sheets); detected when absent. */
  headerRows?: number;
  /** Only this sheet gets `headerRows` (re-importing one table of a workbook). */
  sheet?: string;
};

/** Shared state of one dataset import: the rows file being written and name reservations. */
export type ImportContext = {
  /** The dataset's main rows file (temporary until the import commits). */
  db: SqliteDb;
  /**
   * Path of `db` when the file is new and only this import writes it: an importer may then write it
   * from a worker thread on its own connection. Absent when re-importing into a dataset in use.
   */
  freshRowsFile?: string;
  /** Directory of the dataset being built; copied SQLite files go here. */
  workDir: string;
  limits: IngestLimits;
  overrides?: ImportOverrides;
  report: (progress: Partial<ImportProgress>) => void;
  /** Reserves a display name and a SQL name for a new table, unique within the dataset. */
  reserveTable: (displayName: string) => { name: string; sqlName: string };
  /** Registers a copied SQLite file; returns the schema alias its tables live under. */
  attachCopy: (fileName: string) => string;
  /** Lets other requests run during long imports. */
  yieldToEventLoop: () => Promise<void>;
};

/** Imports one uploaded file into the dataset under construction; throws ImportError on bad input. */
export type FileImporter = (file: UploadedFile, ctx: ImportContext) => Promise<TableMeta[]>;
