import "server-only";
import { datasetChanged } from "@/lib/server/process/dataset-caches";
import { processSingleton } from "@/lib/server/process/singleton";
import path from "node:path";
import { stat } from "node:fs/promises";
import Database from "libsql";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import { REIMPORT_WAIT_MS } from "@/lib/core/model/limits";
import type { TableMeta } from "@/lib/core/model/dataset";
import { datasetDir } from "@/lib/server/config";
import { HttpError } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { indexAfterImport } from "@/lib/server/index/queue";
import { replaceTableMeta } from "@/lib/server/stores/dataset-tables";
import { loadDataset, tableByName } from "@/lib/server/stores/datasets";
import { importCsv } from "./csv";
import { findSource } from "./sources";
import { DEFAULT_LIMITS, type ImportContext, type ImportOverrides } from "./types";
import { importXlsx } from "./xlsx";

/** What the user changes when a guess was wrong: header depth, and for CSV/TSV the dialect. */
export type TableReimport = { headerRows: number; dialect?: ImportOverrides["dialect"] };

// One re-import at a time per process: two would race on the same rows file.
const lock = processSingleton("reimportLock", (): { tail?: Promise<unknown> } => ({}));

/**
 * Re-imports one CSV/TSV table or workbook sheet from its kept source with the header depth (and
 * dialect) the user chose, replaces its rows and metadata, and queues the dataset for re-indexing.
 */
export async function reimportTable(datasetId: string, tableName: string, change: TableReimport): Promise<TableMeta> {
  const previous = lock.tail ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => reimportNow(datasetId, tableName, change));
  lock.tail = run;
  return run;
}

async function reimportNow(datasetId: string, tableName: string, change: TableReimport): Promise<TableMeta> {
  const dataset = await loadDataset(datasetId);
  const table = tableByName(dataset, tableName);
  if (!table) throw notFound("table", tableName, dataset.name);
  if (table.source === "sqlite" || table.source === "postgres")
    throw new HttpError(
      "not_reimportable",
      `"${table.name}" comes from a database, whose columns are named by the database; only CSV, ` +
        `TSV and XLSX tables have a header depth.`,
      400,
    );
  const isSheet = table.source === "xlsx";
  if (isSheet && change.headerRows < 1)
    throw new HttpError("bad_header_rows", "A sheet has at least one header row (1–6).", 400);
  if (isSheet && change.dialect) throw new HttpError("bad_dialect", "A dialect applies to CSV/TSV tables only.", 400);
  const dir = datasetDir(datasetId);
  const lookup = await findSource(dir, table);
  if (lookup.found === null)
    throw new HttpError(
      "source_not_kept",
      lookup.why === "ambiguous"
        ? `${lookup.candidates} kept files are named ${table.sourceFile} and this dataset was imported before ` +
            `files were told apart, so the one behind "${table.name}" is unknown; upload it again to change its header.`
        : `The file behind "${table.name}" was not kept (the dataset was imported by an older version); ` +
            `upload ${table.sourceFile} again to change its header.`,
      409,
    );
  const source = lookup.found;

  const db = new Database(path.join(dir, dataset.storage.main));
  // Reads of this file (a grid page, the SQL box, a question) end within their time limits: wait for them.
  db.exec(`PRAGMA busy_timeout = ${REIMPORT_WAIT_MS}`);
  let reserved = false;
  const ctx: ImportContext = {
    db,
    workDir: dir,
    limits: DEFAULT_LIMITS,
    overrides: {
      headerRows: change.headerRows,
      dialect: change.dialect,
      sheet: isSheet ? (table.layout?.sheet ?? table.name) : undefined,
    },
    report: () => undefined,
    reserveTable: () => {
      if (reserved) throw new Error("a re-import writes exactly one table");
      reserved = true;
      return { name: table.name, sqlName: table.sqlName };
    },
    attachCopy: () => {
      throw new Error("a CSV or XLSX re-import copies no database");
    },
    yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
  };
  let meta: TableMeta;
  try {
    db.exec("BEGIN IMMEDIATE");
    db.exec(`DROP TABLE IF EXISTS ${quoteIdent(table.sqlName)}`);
    const file = { originalName: table.sourceFile, path: source, size: (await stat(source)).size };
    [meta] = await (isSheet ? importXlsx : importCsv)(file, ctx);
    if (!meta)
      throw new HttpError("sheet_missing", `Sheet "${ctx.overrides?.sheet}" is no longer in ${table.sourceFile}.`, 400);
    if (table.sourceKey) meta.sourceKey = table.sourceKey;
    db.exec("COMMIT");
  } catch (err) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw err;
  } finally {
    db.close();
  }
  await replaceTableMeta(datasetId, table.name, meta);
  // The table's rows and columns changed: every thread drops what it kept of the dataset.
  datasetChanged(datasetId);
  indexAfterImport(datasetId);
  return meta;
}
