import "server-only";
import { Transform, type Readable } from "node:stream";
import Papa from "papaparse";
import {
  detectDialect,
  describeDialect,
  hideBackslashEscapes,
  restoreBackslashEscapes,
  type CsvDialect,
} from "@/lib/core/ingest/dialect";
import { composeHeaderNames } from "@/lib/core/ingest/header-names";
import { cleanHeader } from "@/lib/core/ingest/identifiers";
import { toStoredValue, type StoredValue } from "@/lib/core/ingest/infer-type";
import { sniffContent } from "@/lib/core/ingest/sniff";
import type { TableMeta } from "@/lib/core/model/dataset";
import { ImportError } from "./errors";
import { TableWriter } from "./table-writer";
import { decodeSample, openTextStream, readHead } from "./text-stream";
import type { FileImporter, ImportContext, UploadedFile } from "./types";

const MAX_HEADER_ROWS = 6;
const LINES_NAMED = 5;

function tableNameOf(fileName: string): string {
  return fileName.replace(/\.(csv|tsv|txt|tab)$/i, "") || "table";
}

/** Imports one CSV/TSV file as one table, streaming it so large files are never held in memory. */
export const importCsv: FileImporter = async (file, ctx) => {
  const head = await readHead(file.path, 64 * 1024);
  const kind = sniffContent(head);
  if (kind === "empty") throw new ImportError("csv_empty", `${file.originalName} is empty.`);
  if (kind !== "text" && kind !== "utf16-text" && kind !== "utf32-text") {
    throw new ImportError(
      "csv_not_text",
      `${file.originalName} is not a text file (it looks like ${describeKind(kind)}), so it cannot be read as CSV.`,
    );
  }
  const { name, sqlName } = ctx.reserveTable(tableNameOf(file.originalName));
  return [await streamRows(file, ctx, head, name, sqlName)];
};

function describeKind(kind: string): string {
  return (
    (
      {
        sqlite: "a SQLite database",
        zip: "a ZIP or XLSX file",
        ole: "an encrypted or legacy Office file",
        binary: "binary data",
      } as Record<string, string>
    )[kind] ?? kind
  );
}

type RowState = {
  dialect: CsvDialect;
  header: string[][]; // the header rows read so far
  writer: TableWriter | null;
  width: number;
  line: number;
  shortLines: number[];
  trimmedExtras: number;
  notes: string[];
};

/** The dialect to read with: detected on the sample, with what the user chose taking precedence. */
function chooseDialect(
  sample: string,
  file: UploadedFile,
  ctx: ImportContext,
  complete: boolean,
): { dialect: CsvDialect; overridden: boolean } {
  const detected = detectDialect(sample, file.originalName, complete);
  const chosen = ctx.overrides?.dialect ?? {};
  const headerRows = ctx.overrides?.headerRows;
  const dialect: CsvDialect = {
    ...detected,
    ...chosen,
    ...(headerRows === undefined ? {} : { headerRows: Math.min(Math.max(headerRows, 0), MAX_HEADER_ROWS) }),
  };
  return { dialect, overridden: Object.keys(chosen).length > 0 || headerRows !== undefined };
}

/** Rewrites `\\` and `\"` while streaming; a backslash at a chunk's end waits for the next chunk. */
function backslashUnescaper(quote: string): Transform {
  let carry = "";
  return new Transform({
    decodeStrings: false,
    encoding: "utf8",
    transform(chunk: string | Buffer, _enc, done) {
      let out = hideBackslashEscapes(carry + chunk.toString(), quote);
      carry = "";
      if (out.endsWith("\\")) [out, carry] = [out.slice(0, -1), "\\"];
      done(null, out);
    },
    flush(done) {
      done(null, carry);
    },
  });
}

async function streamRows(
  file: UploadedFile,
  ctx: ImportContext,
  head: Uint8Array,
  name: string,
  sqlName: string,
): Promise<TableMeta> {
  let bytesDone = 0;
  const { stream: decoded, encoding } = openTextStream(file.path, head, file.size, (n) => (bytesDone += n));
  const sample = decodeSample(head, encoding);
  const { dialect, overridden } = chooseDialect(sample, file, ctx, head.length >= file.size);
  const state: RowState = {
    dialect,
    header: [],
    writer: null,
    width: 0,
    line: 1,
    shortLines: [],
    trimmedExtras: 0,
    notes: [],
  };
  state.notes.push(describeDialect(dialect, file.originalName, overridden));
  if (encoding === "windows-1252")
    state.notes.push(`${file.originalName} is not valid UTF-8; read it as Windows-1252.`);
  if (encoding.startsWith("utf16")) state.notes.push(`${file.originalName} is UTF-16; converted to UTF-8.`);
  if (encoding.startsWith("utf32")) state.notes.push(`${file.originalName} is UTF-32; converted to UTF-8.`);
  const stream: Readable = dialect.escape === "backslash" ? decoded.pipe(backslashUnescaper(dialect.quote)) : decoded;

  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      decoded.destroy();
      reject(err);
    };
    decoded.on("error", fail);
    Papa.parse<string[]>(stream as unknown as File, {
      delimiter: dialect.delimiter,
      quoteChar: dialect.quote,
      header: false,
      skipEmptyLines: false,
      chunk: (results, parser) => {
        if (failed) return;
        try {
          const badRows = new Map<number, string>();
          for (const e of results.errors) if (e.type === "Quotes" && e.row !== undefined) badRows.set(e.row, e.message);
          for (const [i, row] of results.data.entries()) {
            const problem = badRows.get(i);
            if (problem) throw quoteError(file, state, problem);
            acceptRow(row, state, file, ctx, sqlName);
          }
          ctx.report({
            stage: `Reading ${file.originalName}`,
            file: file.originalName,
            rowsDone: state.writer?.rows ?? 0,
            bytesDone,
            bytesTotal: file.size,
          });
          parser.pause();
          ctx.yieldToEventLoop().then(() => parser.resume());
        } catch (err) {
          fail(err); // before abort(): papaparse calls complete() synchronously from abort()
          parser.abort();
        }
      },
      complete: () => (failed ? undefined : resolve()),
      error: (err: Error) =>
        fail(new ImportError("csv_unreadable", `${file.originalName} could not be read: ${err.message}`)),
    });
  });

  if (!state.writer && state.header.length > 0) startTable(state, file, ctx, sqlName);
  if (!state.writer)
    throw new ImportError("csv_empty", `${file.originalName} has no header row (it is empty or only blank lines).`);
  if (state.shortLines.length) {
    const shown =
      state.shortLines.slice(0, LINES_NAMED).join(", ") + (state.shortLines.length > LINES_NAMED ? "…" : "");
    state.notes.push(
      `${state.shortLines.length} row(s) of ${file.originalName} had fewer fields than the header (line ${shown}); the missing fields are empty.`,
    );
  }
  if (state.trimmedExtras)
    state.notes.push(
      `${state.trimmedExtras} row(s) of ${file.originalName} ended with extra empty fields; they were dropped.`,
    );
  if (state.writer.rows === 0) state.notes.push(`${file.originalName} has a header but no data rows.`);
  const columns = state.writer.finish();
  const source = dialect.delimiter === "\t" ? "tsv" : "csv";
  const headerRows = state.header.map((r) =>
    Array.from({ length: state.width }, (_, c) => (r[c]?.trim() ? r[c] : null)),
  );
  const layout =
    headerRows.length > 1
      ? {
          sheet: name,
          headerRows,
          merges: [],
          gridRows: headerRows.length + state.writer.rows,
          gridColumns: state.width,
        }
      : null;
  return {
    name,
    sqlName,
    schemaName: "main",
    source,
    sourceFile: file.originalName,
    isView: false,
    rowCount: state.writer.rows,
    columns,
    foreignKeys: [],
    layout,
    notes: state.notes,
    dialect,
  };
}

function dialectHint(state: RowState): string {
  const d = state.dialect;
  const escape = d.escape === "backslash" ? "backslash-escaped quotes" : "doubled quotes";
  return `It was read as ${d.delimiter === "\t" ? "tab" : `"${d.delimiter}"`}-separated with ${escape}; if that is wrong, choose the dialect when uploading.`;
}

function quoteError(file: UploadedFile, state: RowState, problem: string): ImportError {
  return new ImportError(
    "csv_bad_quotes",
    `${file.originalName}, line ${state.line}: ${problem.toLowerCase()}. ${dialectHint(state)}`,
  );
}

function countNewlines(row: string[]): number {
  let n = 0;
  for (const field of row) for (let i = field.indexOf("\n"); i !== -1; i = field.indexOf("\n", i + 1)) n++;
  return n;
}

/** Creates the table once the header rows are known (or right away when there is no header). */
function startTable(
  state: RowState,
  file: UploadedFile,
  ctx: ImportContext,
  sqlName: string,
  firstDataRow?: string[],
): void {
  const width = state.header.length ? Math.max(...state.header.map((r) => r.length)) : (firstDataRow?.length ?? 0);
  if (width > ctx.limits.maxColumns) {
    throw new ImportError(
      "too_many_columns",
      `${file.originalName} has ${width.toLocaleString("en")} columns; at most ${ctx.limits.maxColumns.toLocaleString("en")} are supported.`,
    );
  }
  const raw = state.header.length
    ? composeHeaderNames(state.header, width)
    : Array.from({ length: width }, (_, i) => `column ${i + 1}`);
  const header = cleanHeader(raw);
  if (state.header.length) state.notes.push(...header.notes.map((n) => `${file.originalName}: ${n}`));
  state.writer = new TableWriter(ctx.db, sqlName, header.names);
  state.width = width;
}

/** Handles one parsed record: the first ones are the header, the rest are data rows checked against it. */
function acceptRow(raw: string[], state: RowState, file: UploadedFile, ctx: ImportContext, sqlName: string): void {
  const line = state.line;
  state.line += 1 + countNewlines(raw);
  if (raw.length === 1 && raw[0].trim() === "") return; // blank line (a lone "\r" of mixed line endings too)
  const row =
    state.dialect.escape === "backslash" ? raw.map((f) => restoreBackslashEscapes(f, state.dialect.quote)) : raw;
  if (!state.writer) {
    if (state.header.length < state.dialect.headerRows) {
      state.header.push(row);
      if (row.length > ctx.limits.maxColumns) startTable(state, file, ctx, sqlName); // refuses the width
      if (state.header.length === state.dialect.headerRows) startTable(state, file, ctx, sqlName);
      return;
    }
    startTable(state, file, ctx, sqlName, row);
  }
  const writer = state.writer!;
  if (row.length > state.width) {
    if (row.slice(state.width).some((v) => v.trim() !== "")) {
      throw new ImportError(
        "csv_row_too_long",
        `${file.originalName}, line ${line}: the row has ${row.length} fields but the header has ${state.width}. ${dialectHint(state)}`,
      );
    }
    state.trimmedExtras++;
  }
  const values: StoredValue[] = new Array(state.width);
  for (let i = 0; i < state.width; i++) {
    const cell = row[i];
    if (cell !== undefined && cell.length > ctx.limits.maxCellChars) {
      throw new ImportError(
        "csv_cell_too_large",
        `${file.originalName}, line ${line}: a field has ${cell.length.toLocaleString("en")} characters; the limit is ${ctx.limits.maxCellChars.toLocaleString("en")}.`,
      );
    }
    values[i] = cell === undefined ? null : toStoredValue(cell);
  }
  if (row.length < state.width) state.shortLines.push(line);
  writer.push(values);
}
