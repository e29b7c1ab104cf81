import "server-only";
import { CsvQuoteError, CsvTokenizer, guessNewline } from "@/lib/core/ingest/csv-tokenizer";
import { detectDialect, describeDialect, type CsvDialect } from "@/lib/core/ingest/dialect";
import { sniffContent, type TextEncoding } from "@/lib/core/ingest/sniff";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";
import { acceptRecord, newRowState, quoteError, rowShapeNotes, startTable, type RowState } from "./csv-rows";
import { ImportError } from "./errors";
import { decodeSample, invalidUtf8Note, openUtf8Stream, readHead } from "./text-stream";
import type { FileImporter, ImportContext, UploadedFile } from "./types";

const MAX_HEADER_ROWS = 6;

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

/** What the upload note says about how the file was read. */
function readingNotes(fileName: string, dialect: CsvDialect, overridden: boolean, encoding: TextEncoding): string[] {
  const notes = [describeDialect(dialect, fileName, overridden)];
  if (encoding === "windows-1252") notes.push(`${fileName} is not valid UTF-8; read it as Windows-1252.`);
  if (encoding.startsWith("utf16")) notes.push(`${fileName} is UTF-16; converted to UTF-8.`);
  if (encoding.startsWith("utf32")) notes.push(`${fileName} is UTF-32; converted to UTF-8.`);
  return notes;
}

async function streamRows(
  file: UploadedFile,
  ctx: ImportContext,
  head: Uint8Array,
  name: string,
  sqlName: string,
): Promise<TableMeta> {
  let bytesDone = 0;
  const { stream: bytes, encoding, invalidUtf8 } = openUtf8Stream(file.path, head, file.size, (n) => (bytesDone += n));
  const sample = decodeSample(head, encoding);
  const { dialect, overridden } = chooseDialect(sample, file, ctx, head.length >= file.size);
  const state = newRowState(dialect, readingNotes(file.originalName, dialect, overridden, encoding));
  const progress = () =>
    ctx.report({
      stage: `Reading ${file.originalName}`,
      file: file.originalName,
      rowsDone: state.writer?.rows ?? 0,
      bytesDone,
      bytesTotal: file.size,
    });
  try {
    await readRecords(bytes, guessNewline(sample, dialect.quote), state, file, ctx, sqlName, progress);
    if (!state.writer && state.header.length > 0) startTable(state, file, ctx, sqlName);
    if (!state.writer)
      throw new ImportError("csv_empty", `${file.originalName} has no header row (it is empty or only blank lines).`);
    state.notes.push(...rowShapeNotes(state, file.originalName));
    if (invalidUtf8.count) state.notes.push(await invalidUtf8Note(file.originalName, file.path, invalidUtf8));
    const columns = await state.writer.finish();
    return tableMeta(state, file, name, sqlName, columns);
  } catch (err) {
    await state.writer?.abort();
    throw err;
  }
}

/**
 * Splits the file's bytes into records (csv-tokenizer.ts) and hands each to acceptRecord; after
 * each chunk it waits for the writer to catch up and lets other requests run, so the file is read
 * only a little ahead of the rows written.
 */
async function readRecords(
  bytes: AsyncIterable<Uint8Array>,
  newline: "\n" | "\r\n" | "\r",
  state: RowState,
  file: UploadedFile,
  ctx: ImportContext,
  sqlName: string,
  progress: () => void,
): Promise<void> {
  const { dialect } = state;
  const tokenizer = new CsvTokenizer({
    delimiter: dialect.delimiter,
    quote: dialect.quote,
    backslash: dialect.escape === "backslash",
    newline,
  });
  const onRecord = (record: Parameters<typeof acceptRecord>[0]) => acceptRecord(record, state, file, ctx, sqlName);
  try {
    for await (const chunk of bytes) {
      tokenizer.push(chunk, onRecord);
      progress();
      await state.writer?.ready();
      await ctx.yieldToEventLoop();
    }
    tokenizer.finish(onRecord);
  } catch (err) {
    throw err instanceof CsvQuoteError ? quoteError(file, state, err.message) : err;
  }
}

function tableMeta(state: RowState, file: UploadedFile, name: string, sqlName: string, columns: ColumnMeta[]) {
  const rowCount = state.writer?.rows ?? 0;
  const width = state.width;
  const headerRows = state.header.map((r) => Array.from({ length: width }, (_, c) => (r[c]?.trim() ? r[c] : null)));
  const layout =
    headerRows.length > 1
      ? { sheet: name, headerRows, merges: [], gridRows: headerRows.length + rowCount, gridColumns: width }
      : null;
  return {
    name,
    sqlName,
    schemaName: "main",
    source: state.dialect.delimiter === "\t" ? "tsv" : "csv",
    sourceFile: file.originalName,
    isView: false,
    rowCount,
    columns,
    foreignKeys: [],
    layout,
    notes: state.notes,
    dialect: state.dialect,
  } satisfies TableMeta;
}
