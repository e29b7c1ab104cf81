import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { toSqlIdentifier, uniqueNames } from "@/lib/core/ingest/identifiers";
import { openForWrite, type SqliteDb } from "@/lib/server/sqlite/open";
import {
  DEFAULT_LIMITS,
  type ImportContext,
  type ImportProgress,
  type IngestLimits,
  type UploadedFile,
} from "../types";

/** An ImportContext for tests, plus what the importers did to it. */
export type TestContext = ImportContext & {
  db: SqliteDb;
  /** Every progress report, in order. */
  progress: Partial<ImportProgress>[];
  /** File names passed to attachCopy, in order (alias srcN is attached[N-1]). */
  attached: string[];
  /** Closes the rows file; call in afterEach. */
  close: () => void;
};

/**
 * Builds a context over `dir/rows.sqlite` that behaves like the real import session: display and
 * SQL names are unique within the dataset, copies get aliases src1, src2…
 */
export function makeTestContext(dir: string, limits: Partial<IngestLimits> = {}): TestContext {
  fs.mkdirSync(dir, { recursive: true });
  const rowsFile = path.join(dir, "rows.sqlite");
  const db = openForWrite(rowsFile);
  const displayNames: string[] = [];
  const sqlNames: string[] = [];
  const progress: Partial<ImportProgress>[] = [];
  const attached: string[] = [];
  return {
    db,
    freshRowsFile: rowsFile,
    workDir: dir,
    limits: { ...DEFAULT_LIMITS, ...limits },
    report: (p) => void progress.push(p),
    reserveTable: (displayName) => {
      const [name] = uniqueNames([displayName], displayNames);
      const [sqlName] = uniqueNames([toSqlIdentifier(displayName, "table")], sqlNames);
      displayNames.push(name);
      sqlNames.push(sqlName);
      return { name, sqlName };
    },
    attachCopy: (fileName) => {
      attached.push(fileName);
      return `src${attached.length}`;
    },
    yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
    progress,
    attached,
    close: () => db.close(),
  };
}

/** A fresh temporary directory for one test. */
export function makeTempDir(prefix = "tablesight-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Describes a file on disk the way the upload handler would. */
export function uploadedFile(filePath: string, originalName = path.basename(filePath)): UploadedFile {
  return { originalName, path: filePath, size: fs.statSync(filePath).size };
}
