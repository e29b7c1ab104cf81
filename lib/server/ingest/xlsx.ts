import "server-only";
import ExcelJS from "exceljs";
import { describeHeaderGuess } from "@/lib/core/ingest/header-detect";
import { cleanHeader } from "@/lib/core/ingest/identifiers";
import type { StoredValue } from "@/lib/core/ingest/infer-type";
import type { TableMeta } from "@/lib/core/model/dataset";
import { ImportError } from "./errors";
import { TableWriter } from "./table-writer";
import type { FileImporter, ImportContext, UploadedFile } from "./types";
import { cellToStored, newCellStats } from "./xlsx-cells";
import { columnLetter, measureSheet, ownCellsOfRow, readHeader, type SheetGrid } from "./xlsx-grid";
import { checkXlsxContainer } from "./xlsx-zip-guard";

const ROWS_PER_YIELD = 2000;

/** Imports every non-empty sheet of an .xlsx workbook as one table, keeping its header layout. */
export const importXlsx: FileImporter = async (file, ctx) => {
  ctx.report({ stage: `Checking ${file.originalName}`, file: file.originalName, rowsDone: 0 });
  await checkXlsxContainer(file.path, file.originalName, ctx.limits);

  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.readFile(file.path);
  } catch (error) {
    throw new ImportError(
      "xlsx_invalid",
      `${file.originalName} could not be read as an Excel workbook (${reason(error)}).`,
    );
  }

  // Measure every sheet first so a sheet that cannot be imported fails before anything is written.
  const grids: SheetGrid[] = [];
  const skipped: string[] = [];
  // A re-import of one table reads only its sheet.
  const only = ctx.overrides?.sheet;
  for (const ws of wb.worksheets.filter((w) => only === undefined || w.name === only)) {
    const grid = measureSheet(ws);
    if (!grid) {
      skipped.push(ws.name);
      continue;
    }
    if (grid.columns > ctx.limits.maxColumns) {
      throw new ImportError(
        "too_many_columns",
        `Sheet "${ws.name}" of ${file.originalName} has ${grid.columns.toLocaleString("en-US")} columns; ` +
          `Tablesight reads at most ${ctx.limits.maxColumns.toLocaleString("en-US")} columns per table.`,
      );
    }
    grids.push(grid);
  }
  if (grids.length === 0) {
    const why = wb.worksheets.length === 0 ? "it contains no worksheets" : "every sheet in it is empty";
    throw new ImportError("xlsx_empty", `${file.originalName} has no data to import: ${why}.`);
  }

  const tables: TableMeta[] = [];
  for (const grid of grids) {
    try {
      tables.push(await importSheet(grid, file, ctx));
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new Error(`Reading sheet "${grid.ws.name}" of ${file.originalName} failed: ${reason(error)}`, {
        cause: error,
      });
    }
  }
  tables[0].notes.push(...skipped.map((sheet) => `Sheet "${sheet}" of ${file.originalName} is empty and was skipped.`));
  return tables;
};

async function importSheet(grid: SheetGrid, file: UploadedFile, ctx: ImportContext): Promise<TableMeta> {
  const sheet = grid.ws.name;
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
  let blankRows = 0;

  for (let r = headerRows; r < grid.rows; r++) {
    // Merged body cells keep their value in the top-left cell only; ownCellsOfRow leaves the rest empty.
    const values: StoredValue[] = ownCellsOfRow(grid, r).map((cell) => (cell ? cellToStored(cell.value, stats) : null));
    if (values.every((v) => v === null)) blankRows++;
    writer.push(values);
    if (writer.rows % ROWS_PER_YIELD === 0) {
      ctx.report({ stage, file: file.originalName, rowsDone: writer.rows });
      await ctx.yieldToEventLoop();
    }
  }
  const columns = await writer.finish();
  ctx.report({ stage, file: file.originalName, rowsDone: writer.rows });

  if (grid.ws.state !== "visible") notes.push(`Sheet "${sheet}" is hidden in the workbook.`);
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
  if (stats.formulasWithoutResult > 0) {
    notes.push(
      `Left empty: ${count(stats.formulasWithoutResult, "formula cell")} without a saved result (the workbook ` +
        `was saved without calculating).`,
    );
  }
  if (stats.errorCells > 0)
    notes.push(`Left empty: ${count(stats.errorCells, "cell")} holding Excel errors such as #N/A or #DIV/0!.`);
  if (blankRows > 0)
    notes.push(`Kept ${count(blankRows, "empty row")} inside the sheet, so rows line up with the sheet.`);

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

const count = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
