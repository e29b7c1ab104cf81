import "server-only";
import { Transform, type Readable } from "node:stream";
import Papa from "papaparse";
import { detectDialect, describeDialect, hideBackslashEscapes, type CsvDialect } from "@/lib/core/ingest/dialect";
import { sniffContent, type TextEncoding } from "@/lib/core/ingest/sniff";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";
import { acceptRow, newRowState, quoteError, rowShapeNotes, startTable, type RowState } from "./csv-rows";
import { ImportError } from "./errors";
import { decodeSample, openTextStream, readHead } from "./text-stream";
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
  const { stream: decoded, encoding } = openTextStream(file.path, head, file.size, (n) => (bytesDone += n));
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
    await parseRows(decoded, state, file, ctx, sqlName, progress);
    if (!state.writer && state.header.length > 0) startTable(state, file, ctx, sqlName);
    if (!state.writer)
      throw new ImportError("csv_empty", `${file.originalName} has no header row (it is empty or only blank lines).`);
    state.notes.push(...rowShapeNotes(state, file.originalName));
    const columns = await state.writer.finish();
    return tableMeta(state, file, name, sqlName, columns);
  } catch (err) {
    await state.writer?.abort();
    throw err;
  }
}

/** Parses the decoded text and hands each record to acceptRow, pausing while the writer catches up. */
function parseRows(
  decoded: Readable,
  state: RowState,
  file: UploadedFile,
  ctx: ImportContext,
  sqlName: string,
  progress: () => void,
): Promise<void> {
  const { dialect } = state;
  const stream = dialect.escape === "backslash" ? decoded.pipe(backslashUnescaper(dialect.quote)) : decoded;
  return new Promise<void>((resolve, reject) => {
    let failed = false;
    let held = false;
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
          const rows = results.data;
          for (let i = 0; i < rows.length; i++) {
            const problem = badRows.get(i);
            if (problem) throw quoteError(file, state, problem);
            acceptRow(rows[i], state, file, ctx, sqlName);
          }
          progress();
          // papaparse's pause() stops parsing but not reading: the file would be read into memory
          // far ahead of the parser (all of a 1 GB file), so the stream is held here too.
          parser.pause();
          stream.pause();
          held = true;
          (state.writer?.ready() ?? Promise.resolve())
            .then(() => ctx.yieldToEventLoop())
            .then(() => {
              held = false;
              parser.resume(); // may parse a queued chunk and hold again, synchronously
              if (!held && !failed) stream.resume();
            }, fail);
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
