import "server-only";
import { type CsvRecord, FieldKind, fieldText } from "@/lib/core/ingest/csv-tokenizer";
import type { CsvDialect } from "@/lib/core/ingest/dialect";
import { composeHeaderNames } from "@/lib/core/ingest/header-names";
import { cleanHeader } from "@/lib/core/ingest/identifiers";
import { integerFromBytes, type StoredValue } from "@/lib/core/ingest/infer-type";
import { ImportError } from "./errors";
import { TableWriter } from "./table-writer";
import type { ImportContext, UploadedFile } from "./types";
import { WorkerTableWriter } from "./worker-table-writer";

const LINES_NAMED = 5;

/** Where the rows of a CSV table go: written on this connection, or by a worker on a fresh file. */
type RowWriter = TableWriter | WorkerTableWriter;

/** What reading a CSV file has seen so far: its header, its table once started, and what to note. */
export type RowState = {
  dialect: CsvDialect;
  header: string[][]; // the header rows read so far
  writer: RowWriter | null;
  width: number;
  line: number;
  shortLines: number; // rows with fewer fields than the header…
  shortLinesNamed: number[]; // …the first few of them by line number
  trimmedExtras: number;
  notes: string[];
  values: StoredValue[]; // the row being converted
};

export function newRowState(dialect: CsvDialect, notes: string[]): RowState {
  return {
    dialect,
    header: [],
    writer: null,
    width: 0,
    line: 1,
    shortLines: 0,
    shortLinesNamed: [],
    trimmedExtras: 0,
    notes,
    values: [],
  };
}

function dialectHint(state: RowState): string {
  const d = state.dialect;
  const escape = d.escape === "backslash" ? "backslash-escaped quotes" : "doubled quotes";
  const separator = d.delimiter === "\t" ? "tab" : `"${d.delimiter}"`;
  return `It was read as ${separator}-separated with ${escape}; if that is wrong, choose the dialect when uploading.`;
}

export function quoteError(file: UploadedFile, state: RowState, problem: string): ImportError {
  return new ImportError(
    "csv_bad_quotes",
    `${file.originalName}, line ${state.line}: ${problem.toLowerCase()}. ${dialectHint(state)}`,
  );
}

type Utf8View = Buffer & { utf8Slice?: (start: number, end: number) => string };

/**
 * Decodes UTF-8 bytes of a record; the Buffer view over the bytes is kept while they stay the same.
 * Buffer's own utf8Slice (what toString calls after checking its arguments) runs once per field.
 */
let viewOf: { bytes: Uint8Array | null; buffer: Utf8View } = { bytes: null, buffer: Buffer.alloc(0) };
function decode(bytes: Uint8Array, start: number, end: number): string {
  if (viewOf.bytes !== bytes) viewOf = { bytes, buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  const { buffer } = viewOf;
  return buffer.utf8Slice ? buffer.utf8Slice(start, end) : buffer.toString("utf8", start, end);
}

const textOf = (record: CsvRecord, i: number, dialect: CsvDialect) =>
  fieldText(record, i, dialect.quote.charCodeAt(0), dialect.escape === "backslash", decode);

const count = (n: number) => n.toLocaleString("en");

/** Creates the table once the header rows are known (or right away when there is no header). */
export function startTable(state: RowState, file: UploadedFile, ctx: ImportContext, sqlName: string, first?: string[]) {
  const width = state.header.length ? Math.max(...state.header.map((r) => r.length)) : (first?.length ?? 0);
  if (width > ctx.limits.maxColumns) {
    throw new ImportError(
      "too_many_columns",
      `${file.originalName} has ${count(width)} columns; a table holds at most ${count(ctx.limits.maxColumns)} ` +
        `(MAX_COLUMNS_PER_TABLE).`,
    );
  }
  const raw = state.header.length
    ? composeHeaderNames(state.header, width)
    : Array.from({ length: width }, (_, i) => `column ${i + 1}`);
  const header = cleanHeader(raw);
  if (state.header.length) state.notes.push(...header.notes.map((n) => `${file.originalName}: ${n}`));
  if (ctx.freshRowsFile && file.size >= ctx.limits.insertWorkerMinBytes)
    state.writer = new WorkerTableWriter(
      ctx.db,
      ctx.freshRowsFile,
      sqlName,
      header.names,
      file.size >= ctx.limits.twoInsertWorkersMinBytes,
    );
  else state.writer = new TableWriter(ctx.db, sqlName, header.names);
  state.width = width;
  state.values = new Array(width);
}

/** Handles one record: the first ones are the header, the rest are data rows checked against it. */
export function acceptRecord(
  record: CsvRecord,
  state: RowState,
  file: UploadedFile,
  ctx: ImportContext,
  sqlName: string,
) {
  const line = state.line;
  state.line += 1 + record.innerLines;
  if (record.isBlank(decode)) return; // blank line (a lone "\r" of mixed line endings too)
  const { dialect } = state;
  if (!state.writer) {
    const row = Array.from({ length: record.count }, (_, i) => textOf(record, i, dialect));
    if (state.header.length < dialect.headerRows) {
      state.header.push(row);
      if (row.length > ctx.limits.maxColumns) startTable(state, file, ctx, sqlName); // refuses the width
      if (state.header.length === dialect.headerRows) startTable(state, file, ctx, sqlName);
      return;
    }
    startTable(state, file, ctx, sqlName, row);
  }
  const width = state.width;
  const fields = record.count;
  if (fields > width) {
    for (let i = width; i < fields; i++) {
      if (textOf(record, i, dialect).trim() === "") continue;
      throw new ImportError(
        "csv_row_too_long",
        `${file.originalName}, line ${line}: the row has ${fields} fields but the header has ${width}. ` +
          dialectHint(state),
      );
    }
    state.trimmedExtras++;
  }
  const values = state.values; // reused: both writers copy a row before push() returns
  const typing = state.writer!.typing;
  const maxChars = ctx.limits.maxCellChars;
  for (let i = 0; i < width; i++) {
    if (i >= fields) {
      values[i] = null;
      continue;
    }
    if (record.kind[i] === FieldKind.plain && typing.mayHoldNumbers(i)) {
      // Integers and plain decimals ("123.40") are read from the bytes: no string is made of them.
      const n =
        integerFromBytes(record.bytes, record.start[i], record.end[i]) ??
        typing.numberFromBytes(record.bytes, record.start[i], record.end[i], i);
      if (n !== undefined) {
        values[i] = n;
        continue;
      }
    }
    const cell = textOf(record, i, dialect);
    if (cell.length > maxChars) {
      throw new ImportError(
        "csv_cell_too_large",
        `${file.originalName}, line ${line}: a field has ${count(cell.length)} characters; ` +
          `the limit is ${count(maxChars)}.`,
      );
    }
    values[i] = typing.valueOf(cell, i);
  }
  if (fields < width && state.shortLines++ < LINES_NAMED) state.shortLinesNamed.push(line);
  state.writer?.push(values);
}

/** The notes about rows that did not fit the header, once the whole file was read. */
export function rowShapeNotes(state: RowState, fileName: string): string[] {
  const notes: string[] = [];
  if (state.shortLines) {
    const shown = state.shortLinesNamed.join(", ") + (state.shortLines > LINES_NAMED ? "…" : "");
    notes.push(
      `${state.shortLines} row(s) of ${fileName} had fewer fields than the header (line ${shown}); ` +
        "the missing fields are empty.",
    );
  }
  if (state.trimmedExtras)
    notes.push(`${state.trimmedExtras} row(s) of ${fileName} ended with extra empty fields; they were dropped.`);
  if (state.writer?.rows === 0) notes.push(`${fileName} has a header but no data rows.`);
  return notes;
}
