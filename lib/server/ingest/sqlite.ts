import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { capName, printableName, uniqueNames } from "@/lib/core/ingest/identifiers";
import type { ColumnMeta, ForeignKey, TableMeta } from "@/lib/core/model/dataset";
import { MAX_COLUMNS_PER_DATASET, MAX_COLUMNS_PER_TABLE, MAX_TABLES_PER_DATASET } from "@/lib/core/model/limits";
import { SqlTimeoutError } from "@/lib/server/sql";
import { importBudgets, type ImportBudgets } from "./budgets";
import { checkHeader, copyUpload } from "./sqlite-copy";
import { ImportError } from "./errors";
import {
  columnsOf,
  columnType,
  countRows,
  filesOf,
  foreignKeysOf,
  listObjects,
  primaryKeyOf,
  quickCheck,
  type ForeignKeyInfo,
  type SchemaObject,
  type SqliteFiles,
} from "./sqlite-inspect";
import type { FileImporter } from "./types";

type Found = Omit<TableMeta, "name" | "schemaName" | "foreignKeys"> & { realFks: ForeignKeyInfo[] };

/** A table with more columns than a table may hold: skipped with a note naming the limit. */
class TooWide extends Error {}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Imports an uploaded SQLite database by keeping a private copy of it: the tables stay where they
 * are (queried through the copy's attach alias) and only their metadata is read here — in an SQL
 * worker process, each read with a time limit, so no view of the file can hold the server.
 */
export const importSqlite: FileImporter = async (file, ctx) => {
  const label = file.originalName;
  await checkHeader(file);
  ctx.report({ stage: `Checking ${label}`, file: label, rowsDone: 0 });
  const copyName = await copyUpload(file.path, ctx.workDir);
  const copyPath = path.join(/*turbopackIgnore: true*/ ctx.workDir, copyName);
  const files = filesOf(copyPath);
  const budgets = importBudgets();
  try {
    await checkIntegrity(files, label, budgets);
    const notes: string[] = [];
    const found: Found[] = [];
    let rowsDone = 0;
    const objects = await listObjects(files, budgets).catch((error) => {
      throw new ImportError("sqlite_corrupt", `${label} is damaged or cannot be read (${reason(error)}).`);
    });
    const importable = objects.filter((o) => o.type !== "shadow").length;
    if (importable > MAX_TABLES_PER_DATASET)
      throw new ImportError(
        "too_many_tables",
        `${label} has ${importable.toLocaleString("en-US")} tables and views; a dataset holds at most ` +
          `${MAX_TABLES_PER_DATASET.toLocaleString("en-US")} (MAX_TABLES_PER_DATASET). Upload the tables you need ` +
          `in a smaller database.`,
        413,
      );
    let columnsSeen = 0;
    for (const obj of objects) {
      if (obj.type === "shadow") {
        notes.push(
          `Skipped table "${obj.name}": it is internal storage of a virtual table (full-text or spatial index).`,
        );
        continue;
      }
      const kind = obj.type === "view" ? "view" : "table";
      ctx.report({ stage: `Reading ${kind} "${obj.name}" of ${label}`, file: label, rowsDone });
      try {
        const one = await describe(files, obj, label, budgets);
        found.push(one);
        rowsDone += one.rowCount;
        columnsSeen += one.columns.length;
      } catch (error) {
        const why =
          error instanceof SqlTimeoutError
            ? `reading it took longer than ${error.timeoutMs} ms`
            : error instanceof TooWide
              ? error.message
              : `it cannot be read (${reason(error)})`;
        notes.push(`Skipped ${kind} "${printableName(obj.name)}": ${why}.`);
      }
      if (columnsSeen > MAX_COLUMNS_PER_DATASET)
        throw new ImportError(
          "too_many_columns",
          `${label} has more than ${MAX_COLUMNS_PER_DATASET.toLocaleString("en-US")} columns in all; a dataset ` +
            `holds at most that many (MAX_COLUMNS_PER_DATASET). Upload the tables you need in a smaller database.`,
          413,
        );
      await ctx.yieldToEventLoop();
    }
    if (!found.some((t) => !t.isView)) throw new ImportError("sqlite_empty", `${label} contains no tables.`);

    const alias = ctx.attachCopy(copyName);
    const displayOf = new Map(
      found.map((t) => [t.sqlName.toLowerCase(), ctx.reserveTable(printableName(t.sqlName) || "table").name]),
    );
    const tables: TableMeta[] = [];
    for (const { realFks, ...t } of found) {
      const fk = await foreignKeys(files, t.sqlName, realFks, displayOf, budgets);
      tables.push({
        ...t,
        name: displayOf.get(t.sqlName.toLowerCase())!,
        schemaName: alias,
        foreignKeys: fk.keys,
        notes: [...t.notes, ...fk.notes],
      });
    }
    tables[0].notes.push(...notes);
    return tables;
  } catch (error) {
    await fs.rm(copyPath, { force: true });
    throw error;
  }
};

async function checkIntegrity(files: SqliteFiles, label: string, budgets: ImportBudgets): Promise<void> {
  const corrupt = (detail: string) =>
    new ImportError(
      "sqlite_corrupt",
      `${label} is damaged or incomplete (${detail}). If it was copied while in use or cut short, ` +
        `export it again and re-upload.`,
    );
  let result: string;
  try {
    result = await quickCheck(files, budgets);
  } catch (error) {
    throw corrupt(reason(error));
  }
  if (result !== "ok") throw corrupt(`SQLite integrity check: ${result}`);
}

async function describe(files: SqliteFiles, obj: SchemaObject, label: string, budgets: ImportBudgets): Promise<Found> {
  const info = await columnsOf(files, obj.name, budgets);
  if (info.length === 0) throw new Error("it has no columns");
  if (info.length > MAX_COLUMNS_PER_TABLE)
    throw new TooWide(
      `it has ${info.length.toLocaleString("en-US")} columns; a table holds at most ` +
        `${MAX_COLUMNS_PER_TABLE.toLocaleString("en-US")} (MAX_COLUMNS_PER_TABLE)`,
    );
  const isView = obj.type === "view";
  const { rowCount, cut } = await countRows(files, obj, budgets);
  const pkCount = info.filter((c) => c.pk > 0).length;
  const columns: ColumnMeta[] = [];
  const notes: string[] = [];
  // The display name is cut to MAX_NAME_CHARS; SQL keeps using the column's real name.
  const displayNames = uniqueNames(
    info.map((c, i) => {
      const capped = capName(printableName(c.name), `Column ${i + 1}`);
      if (capped.note) notes.push(capped.note);
      return capped.name || `column ${i + 1}`;
    }),
  );
  for (const [position, c] of info.entries()) {
    // A lone INTEGER PRIMARY KEY is the rowid, which can never be NULL even without NOT NULL.
    const rowidAlias = c.pk > 0 && pkCount === 1 && c.type.toUpperCase() === "INTEGER" && obj.type === "table";
    const type = await columnType(files, obj, c, budgets);
    columns.push({
      name: displayNames[position],
      sqlName: c.name,
      type,
      position,
      isPrimaryKey: c.pk > 0,
      nullable: c.notnull === 0 && !rowidAlias,
    });
  }
  if (cut)
    notes.push(
      `Counting the rows of view "${printableName(obj.name)}" stopped ` +
        `at ${rowCount.toLocaleString("en-US")} (its budget is ${budgets.viewCountMs} ms ` +
        `or ${budgets.viewCountRows.toLocaleString("en-US")} rows); it has at least that many.`,
    );
  if (printableName(obj.name) !== obj.name)
    notes.push("The table's name held control characters; it is shown without them.");
  if (info.some((c) => printableName(c.name) !== c.name))
    notes.push("Column names with control characters are shown without them.");
  const realFks = obj.type === "table" ? await foreignKeysOf(files, obj.name, budgets) : [];
  return {
    sqlName: obj.name,
    source: "sqlite",
    sourceFile: label,
    isView,
    rowCount,
    rowCountCut: cut,
    columns,
    layout: null,
    notes,
    realFks,
  };
}

async function foreignKeys(
  files: SqliteFiles,
  tableName: string,
  rows: ForeignKeyInfo[],
  displayOf: Map<string, string>,
  budgets: ImportBudgets,
): Promise<{ keys: ForeignKey[]; notes: string[] }> {
  const keys: ForeignKey[] = [];
  const notes: string[] = [];
  for (const id of [...new Set(rows.map((r) => r.id))]) {
    const parts = rows.filter((r) => r.id === id).sort((a, b) => a.seq - b.seq);
    const refTable = displayOf.get(parts[0].table.toLowerCase());
    const columns = parts.map((p) => p.from);
    if (!refTable) {
      notes.push(
        `Ignored the foreign key ${printableName(tableName)}(${columns.join(", ")}): ` +
          `it refers to "${parts[0].table}", which is not in the file or cannot be read.`,
      );
      continue;
    }
    // Without target columns the key refers to the referenced table's primary key.
    const refColumns = parts.every((p) => p.to !== null)
      ? parts.map((p) => p.to!)
      : await primaryKeyOf(files, parts[0].table, budgets);
    keys.push({ columns, refTable, refColumns });
  }
  return { keys, notes };
}
