import "server-only";
import { describeHeaderGuess } from "@/lib/core/ingest/header-detect";
import { cleanHeader } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";
import { MAX_TABLES_PER_DATASET } from "@/lib/core/model/limits";
import { ImportError } from "./errors";
import { TableWriter } from "./table-writer";
import type { FileImporter, ImportContext, UploadedFile } from "./types";
import { BodyRows } from "./xlsx-body";
import { newCellStats } from "./xlsx-cells";
import { columnLetter, overlappingMerges, readHeader, SheetMeasure, type SheetGrid } from "./xlsx-grid";
import { WorkbookGuard } from "./xlsx-guard";
import { openXlsxPackage, type XlsxPackage } from "./xlsx-package";
import { streamSheet } from "./xlsx-sheet";
import { checkXlsxContainer } from "./xlsx-zip-guard";

const ROWS_PER_REPORT = 2000;

/**
 * Imports every non-empty sheet of an .xlsx workbook as one table, keeping its header layout. The
 * workbook is streamed twice, never held whole: a first pass measures every sheet (its used range,
 * merges and top rows) so a workbook past a limit is refused before anything is written, a
 * second writes the rows. Cells per workbook and the heap are checked as it reads.
 */
export const importXlsx: FileImporter = async (file, ctx) => {
  const label = file.originalName;
  ctx.report({ stage: `Checking ${label}`, file: label, rowsDone: 0 });
  await checkXlsxContainer(file.path, label, ctx.limits);
  const guard = new WorkbookGuard(label, ctx);
  let pkg: XlsxPackage;
  try {
    pkg = await openXlsxPackage(file.path, guard.between);
  } catch (error) {
    throw unreadable(error, label);
  }
  try {
    const { grids, skipped, total } = await measureSheets(pkg, file, ctx, guard);
    if (grids.length === 0) {
      const why = total === 0 ? "it contains no worksheets" : "every sheet in it is empty";
      throw new ImportError("xlsx_empty", `${label} has no data to import: ${why}.`);
    }
    const tables: TableMeta[] = [];
    for (const grid of grids) {
      try {
        tables.push(await importSheet(pkg, grid, file, ctx, guard));
      } catch (error) {
        if (error instanceof ImportError) throw error;
        throw new Error(`Reading sheet "${grid.sheet.name}" of ${label} failed: ${reason(error)}`, { cause: error });
      }
    }
    tables[0].notes.push(...skipped.map((sheet) => `Sheet "${sheet}" of ${label} is empty and was skipped.`));
    return tables;
  } finally {
    pkg.zip.close();
  }
};

/** Pass 1: every sheet (only the re-imported one, for a re-import) measured; refusals happen here. */
async function measureSheets(pkg: XlsxPackage, file: UploadedFile, ctx: ImportContext, guard: WorkbookGuard) {
  const label = file.originalName;
  const only = ctx.overrides?.sheet;
  const sheets = pkg.sheets.filter((s) => only === undefined || s.name === only);
  if (sheets.length > MAX_TABLES_PER_DATASET)
    throw new ImportError(
      "too_many_tables",
      `${label} has ${sheets.length.toLocaleString("en-US")} sheets; a dataset holds at most ` +
        `${MAX_TABLES_PER_DATASET.toLocaleString("en-US")} tables (MAX_TABLES_PER_DATASET).`,
      413,
    );
  const grids: SheetGrid[] = [];
  const skipped: string[] = [];
  for (const sheet of sheets) {
    const measure = new SheetMeasure();
    let merges: Awaited<ReturnType<typeof streamSheet>>;
    try {
      merges = await streamSheet(
        pkg,
        sheet,
        (rows) => {
          for (const row of rows) measure.add(row);
          guard.countCells(sheet.name, measure.area, measure.bottom);
          ctx.report({ stage: `Checking sheet "${sheet.name}" of ${label}`, file: label, rowsDone: measure.bottom });
        },
        guard.between,
      );
    } catch (error) {
      throw unreadable(error, label);
    }
    const grid = measure.grid(sheet, merges);
    if (!grid) {
      skipped.push(sheet.name);
      continue;
    }
    guard.sheetDone(measure.area);
    if (grid.columns > ctx.limits.maxColumns) {
      throw new ImportError(
        "too_many_columns",
        `Sheet "${sheet.name}" of ${label} has ${grid.columns.toLocaleString("en-US")} columns; a table holds at ` +
          `most ${ctx.limits.maxColumns.toLocaleString("en-US")} (MAX_COLUMNS_PER_TABLE).`,
      );
    }
    const clash = overlappingMerges(grid.merges);
    if (clash)
      throw new ImportError(
        "xlsx_invalid",
        `Sheet "${sheet.name}" of ${label} has merged ranges that overlap ` +
          `(${clash.map((m) => rangeText(grid, m)).join(" and ")}); ` +
          `Excel cannot open such a workbook either. Unmerge them and save it again.`,
      );
    grids.push(grid);
  }
  return { grids, skipped, total: sheets.length };
}

/** Pass 2: one sheet's rows written to its table. */
async function importSheet(
  pkg: XlsxPackage,
  grid: SheetGrid,
  file: UploadedFile,
  ctx: ImportContext,
  guard: WorkbookGuard,
): Promise<TableMeta> {
  const sheet = grid.sheet.name;
  const stage = `Reading sheet "${sheet}" of ${file.originalName}`;
  ctx.report({ stage, file: file.originalName, rowsDone: 0 });

  const chosen = ctx.overrides?.headerRows;
  const applies = chosen !== undefined && (ctx.overrides?.sheet === undefined || ctx.overrides.sheet === sheet);
  const header = readHeader(grid, applies ? chosen : undefined);
  const headerRows = header.rows.length;
  const { names, notes } = cleanHeader(header.names);
  const { name, sqlName } = ctx.reserveTable(sheet);
  const writer = new TableWriter(ctx.db, sqlName, names);
  const stats = newCellStats();
  const sink = {
    valueOf: (raw: string, column: number) => writer.typing.valueOf(raw, column),
    push: (values: Parameters<TableWriter["push"]>[0]) => {
      writer.push(values);
      if (writer.rows % ROWS_PER_REPORT === 0) ctx.report({ stage, file: file.originalName, rowsDone: writer.rows });
    },
  };
  const body = new BodyRows(grid, headerRows, sink);
  await streamSheet(pkg, grid.sheet, (rows) => rows.forEach((row) => body.add(row)), guard.between, stats);
  body.finish();
  const columns = await writer.finish();
  ctx.report({ stage, file: file.originalName, rowsDone: writer.rows });

  if (grid.sheet.state !== "visible") notes.push(`Sheet "${sheet}" is hidden in the workbook.`);
  if (grid.top > 1 || grid.left > 1) {
    notes.push(
      `The table starts at cell ${columnLetter(grid.left)}${grid.top}; ` +
        `the empty rows and columns before it were left out.`,
    );
  }
  notes.push(
    applies
      ? `Read with ${headerRows} header row(s) as chosen (detected: ${header.guess.headerRows}); ` +
          `column names join the header cells above them as "top / leaf".`
      : describeHeaderGuess(header.guess, `sheet "${sheet}"`),
  );
  if (body.firstFilled) {
    const m = body.firstFilled;
    notes.push(
      `${count(body.filled, "label")} merged down several rows (the first in column "${names[m.left]}", ` +
        `${rangeText(grid, m)}) ${body.filled === 1 ? "is shown on each of its" : "are shown on each of their"} ` +
        `rows; the merged ranges are kept in the sheet's layout.`,
    );
  }
  if (stats.formulasWithoutResult > 0) {
    notes.push(
      `Left empty: ${count(stats.formulasWithoutResult, "formula cell")} without a saved result (the workbook ` +
        `was saved without calculating).`,
    );
  }
  if (stats.errorCells > 0)
    notes.push(`Left empty: ${count(stats.errorCells, "cell")} holding Excel errors such as #N/A or #DIV/0!.`);
  if (body.blankRows > 0)
    notes.push(`Kept ${count(body.blankRows, "empty row")} inside the sheet, so rows line up with the sheet.`);

  return {
    name,
    sqlName,
    schemaName: "main",
    source: "xlsx",
    sourceFile: file.originalName,
    isView: false,
    rowCount: writer.rows,
    columns,
    foreignKeys: [],
    layout: { sheet, headerRows: header.rows, merges: grid.merges, gridRows: grid.rows, gridColumns: grid.columns },
    notes,
  };
}

/** "A5:A7" for a merged range in grid coordinates. */
function rangeText(grid: SheetGrid, m: { top: number; left: number; bottom: number; right: number }): string {
  const cell = (r: number, c: number) => `${columnLetter(grid.left + c)}${grid.top + r}`;
  return `${cell(m.top, m.left)}:${cell(m.bottom, m.right)}`;
}

/** A read that failed on the file's own bytes (not XML, a zip entry cut short): a 4xx naming the file. */
function unreadable(error: unknown, label: string): ImportError {
  if (error instanceof ImportError) return error;
  return new ImportError("xlsx_invalid", `${label} could not be read as an Excel workbook (${reason(error)}).`);
}

const count = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
