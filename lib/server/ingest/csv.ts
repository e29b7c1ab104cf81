import "server-only";
import Papa from "papaparse";
import { cleanHeader } from "@/lib/core/ingest/identifiers";
import { toStoredValue, type StoredValue } from "@/lib/core/ingest/infer-type";
import { sniffContent, sniffDelimiter } from "@/lib/core/ingest/sniff";
import type { TableMeta } from "@/lib/core/model/dataset";
import { ImportError } from "./errors";
import { TableWriter } from "./table-writer";
import { decodeSample, openTextStream, readHead } from "./text-stream";
import type { FileImporter, ImportContext, UploadedFile } from "./types";

function tableNameOf(fileName: string): string {
  return fileName.replace(/\.(csv|tsv|txt|tab)$/i, "") || "table";
}

/** Imports one CSV/TSV file as one table, streaming it so large files are never held in memory. */
export const importCsv: FileImporter = async (file, ctx) => {
  const head = await readHead(file.path, 64 * 1024);
  const kind = sniffContent(head);
  if (kind === "empty") throw new ImportError("csv_empty", `${file.originalName} is empty.`);
  if (kind !== "text" && kind !== "utf16-text" && kind !== "utf32-text") {
    throw new ImportError("csv_not_text", `${file.originalName} is not a text file (it looks like ${describeKind(kind)}), so it cannot be read as CSV.`);
  }
  const { name, sqlName } = ctx.reserveTable(tableNameOf(file.originalName));
  return [await streamRows(file, ctx, head, name, sqlName)];
};

function describeKind(kind: string): string {
  return ({ sqlite: "a SQLite database", zip: "a ZIP or XLSX file", ole: "an encrypted or legacy Office file", binary: "binary data" } as Record<string, string>)[kind] ?? kind;
}

type RowState = { writer: TableWriter | null; width: number; line: number; padded: number; trimmedExtras: number; notes: string[] };

async function streamRows(file: UploadedFile, ctx: ImportContext, head: Uint8Array, name: string, sqlName: string): Promise<TableMeta> {
  let bytesDone = 0;
  const { stream, encoding } = openTextStream(file.path, head, file.size, (n) => (bytesDone += n));
  const sample = decodeSample(head, encoding);
  const delimiter = sniffDelimiter(sample, file.originalName);
  const state: RowState = { writer: null, width: 0, line: 1, padded: 0, trimmedExtras: 0, notes: [] };
  if (encoding === "windows-1252") state.notes.push(`${file.originalName} is not valid UTF-8; read it as Windows-1252.`);
  if (encoding.startsWith("utf16")) state.notes.push(`${file.originalName} is UTF-16; converted to UTF-8.`);
  if (encoding.startsWith("utf32")) state.notes.push(`${file.originalName} is UTF-32; converted to UTF-8.`);

  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      stream.destroy();
      reject(err);
    };
    stream.on("error", fail);
    Papa.parse<string[]>(stream as unknown as File, {
      delimiter,
      header: false,
      skipEmptyLines: false,
      chunk: (results, parser) => {
        if (failed) return;
        try {
          for (const row of results.data) acceptRow(row, state, file, ctx, sqlName);
          ctx.report({ stage: `Reading ${file.originalName}`, file: file.originalName, rowsDone: state.writer?.rows ?? 0, bytesDone, bytesTotal: file.size });
          parser.pause();
          ctx.yieldToEventLoop().then(() => parser.resume());
        } catch (err) {
          fail(err); // before abort(): papaparse calls complete() synchronously from abort()
          parser.abort();
        }
      },
      complete: () => (failed ? undefined : resolve()),
      error: (err: Error) => fail(new ImportError("csv_unreadable", `${file.originalName} could not be read: ${err.message}`)),
    });
  });

  if (!state.writer) throw new ImportError("csv_empty", `${file.originalName} has no header row (it is empty or only blank lines).`);
  if (state.padded) state.notes.push(`${state.padded} row(s) of ${file.originalName} had fewer fields than the header; the missing fields are empty.`);
  if (state.trimmedExtras) state.notes.push(`${state.trimmedExtras} row(s) of ${file.originalName} ended with extra empty fields; they were dropped.`);
  if (state.writer.rows === 0) state.notes.push(`${file.originalName} has a header but no data rows.`);
  const columns = state.writer.finish();
  const source = delimiter === "\t" ? "tsv" : "csv";
  return { name, sqlName, schemaName: "main", source, sourceFile: file.originalName, isView: false, rowCount: state.writer.rows, columns, foreignKeys: [], layout: null, notes: state.notes };
}

function countNewlines(row: string[]): number {
  let n = 0;
  for (const field of row) for (let i = field.indexOf("\n"); i !== -1; i = field.indexOf("\n", i + 1)) n++;
  return n;
}

/** Handles one parsed record: the first is the header, the rest are data rows checked against it. */
function acceptRow(row: string[], state: RowState, file: UploadedFile, ctx: ImportContext, sqlName: string): void {
  const line = state.line;
  state.line += 1 + countNewlines(row);
  if (row.length === 1 && row[0].trim() === "") return; // blank line (a lone "\r" of mixed line endings too)
  if (!state.writer) {
    if (row.length > ctx.limits.maxColumns) {
      throw new ImportError("too_many_columns", `${file.originalName} has ${row.length.toLocaleString("en")} columns; at most ${ctx.limits.maxColumns.toLocaleString("en")} are supported.`);
    }
    const header = cleanHeader(row);
    state.notes.push(...header.notes.map((n) => `${file.originalName}: ${n}`));
    state.writer = new TableWriter(ctx.db, sqlName, header.names);
    state.width = row.length;
    return;
  }
  if (row.length > state.width) {
    if (row.slice(state.width).some((v) => v.trim() !== "")) {
      throw new ImportError("csv_row_too_long", `${file.originalName}, line ${line}: the row has ${row.length} fields but the header has ${state.width}.`);
    }
    state.trimmedExtras++;
  }
  const values: StoredValue[] = new Array(state.width);
  for (let i = 0; i < state.width; i++) {
    const raw = row[i];
    if (raw !== undefined && raw.length > ctx.limits.maxCellChars) {
      throw new ImportError("csv_cell_too_large", `${file.originalName}, line ${line}: a field has ${raw.length.toLocaleString("en")} characters; the limit is ${ctx.limits.maxCellChars.toLocaleString("en")}.`);
    }
    values[i] = raw === undefined ? null : toStoredValue(raw);
  }
  if (row.length < state.width) state.padded++;
  state.writer.push(values);
}

