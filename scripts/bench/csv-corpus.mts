// CSV fidelity on a real-world corpus (scripts/bench/corpus: ~570 files from the `datasets`
// organisation, plotly's sample data and vega-datasets, pinned in manifest.json and fetched into
// bench-data/csv-corpus). Each file is imported through the app's CSV importer (in process,
// temporary rows file, no indexing) and read back as the grid shows it; a reference reader
// (csv-parse, RFC 4180: comma, or tab for .tsv, doubled quotes, the first row the header) reads the
// same bytes. Structure must be identical (header depth 1, rows × columns); every cell that is not
// the file's text character for character is a miss, counted by its reason, with examples.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { cleanHeader } from "@/lib/core/ingest/identifiers";
import { importCsv } from "@/lib/server/ingest/csv";
import { ImportError } from "@/lib/server/ingest/errors";
import { readBack } from "@/lib/server/ingest/testing/read-back";
import { makeTestContext, uploadedFile } from "@/lib/server/ingest/testing/test-context";
import { type CorpusFile, ensureCorpus } from "./corpus/fetch.mts";

const CACHE = path.resolve("bench-data", "csv-corpus");

/**
 * The reference grid in the file's dialect: UTF-8 (else Windows-1252, as the app reads such a file),
 * blank lines skipped, short rows kept short (the app pads them with a note).
 */
function referenceGrid(file: CorpusFile): string[][] {
  const bytes = readFileSync(file.file);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  const records = parse(text, {
    delimiter: file.dialect?.delimiter ?? (/\.tsv$/i.test(file.path) ? "\t" : ","),
    quote: '"',
    escape: '"',
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
  }) as string[][];
  return records.filter((r) => !(r.length === 1 && r[0] === ""));
}

type Miss = { reason: string; example: string };
type FileOutcome = {
  file: CorpusFile;
  structure: string | null; // what differs in rows × columns, null when the grids have the same shape
  bothRefused?: string; // not a rectangular table: the reference finds a long row and the app refuses that line
  cells: number;
  verbatim: number;
  misses: Miss[];
  /** Columns typed as numbers; of them with a written form (fixed places, commas) or kept texts; flagged ones. */
  typed?: { columns: number; numeric: number; formed: number; kept: number; mixed: number; unclearComma: number };
};

/** The first row (1-based, blank lines counted out) with more non-empty fields than the header, if any. */
function firstLongRow(grid: string[][], width: number): number | null {
  const i = grid.findIndex((r) => r.length > width && r.slice(width).some((v) => v.trim() !== ""));
  return i < 0 ? null : i + 1;
}

function missReason(want: string, got: string): string {
  if (want.trim() === "" && got === "") return "a blank cell (only spaces) is stored as empty";
  if (want.trim() === got.trim()) return "spaces around the value differ";
  const a = Number(want);
  if (want.trim() && Number.isFinite(a) && a === Number(got)) return "a number printed differently";
  return "other";
}

async function compareOne(file: CorpusFile, work: string): Promise<FileOutcome> {
  const outcome: FileOutcome = { file, structure: null, cells: 0, verbatim: 0, misses: [] };
  const reference = referenceGrid(file);
  const headerRows = file.dialect?.headerRows ?? 1;
  const header = headerRows ? reference[0] : reference[0].map((_, i) => `column ${i + 1}`);
  const rows = reference.slice(headerRows);
  const width = header.length;
  const longRow = firstLongRow(reference, width);
  const ctx = makeTestContext(path.join(work, file.sha256));
  try {
    const [table] = await importCsv(uploadedFile(file.file, path.basename(file.path)), ctx);
    const read = readBack(ctx, table);
    const numeric = table.columns.filter((c) => c.type === "integer" || c.type === "real");
    outcome.typed = {
      columns: table.columns.length,
      numeric: numeric.length,
      formed: numeric.filter((c) => c.written?.decimals || c.written?.grouping).length,
      kept: table.columns.filter((c) => c.written?.kept).length,
      mixed: table.columns.filter((c) => c.typing?.flag === "mixed").length,
      unclearComma: table.columns.filter((c) => c.typing?.flag === "ambiguous-grouping").length,
    };
    if (longRow !== null) outcome.structure = `imported, but row ${longRow} of the file is longer than its header`;
    else if (table.dialect?.headerRows !== headerRows)
      outcome.structure = `header rows detected: ${table.dialect?.headerRows} (the file has ${headerRows})`;
    else if (table.columns.length !== width) outcome.structure = `${table.columns.length} columns, expected ${width}`;
    else if (read.cells.length !== rows.length)
      outcome.structure = `${read.cells.length} rows, expected ${rows.length}`;
    if (outcome.structure) return outcome;
    const names = cleanHeader(header).names;
    const grid = [table.columns.map((c) => c.name), ...read.cells];
    const expected = [names, ...rows.map((r) => Array.from({ length: width }, (_, c) => r[c] ?? ""))];
    for (let r = 0; r < expected.length; r++)
      for (let c = 0; c < width; c++) {
        outcome.cells++;
        const want = expected[r][c];
        const got = grid[r][c];
        if (want === got) outcome.verbatim++;
        else
          outcome.misses.push({
            reason: missReason(want, got),
            example: `row ${r} col ${c}: ${JSON.stringify(got)} for ${JSON.stringify(want)}`,
          });
      }
    read.types.forEach((type, c) => {
      const notText = read.storage.filter((s) => s[c] !== "text" && s[c] !== "null").length;
      if (type === "text" && notText)
        outcome.misses.push({
          reason: "a text column holds non-TEXT values",
          example: `column ${c}: ${notText} values`,
        });
    });
    return outcome;
  } catch (err) {
    if (err instanceof ImportError) {
      if (longRow !== null && err.code === "csv_row_too_long") return { ...outcome, bothRefused: err.message };
      return { ...outcome, structure: `refused: ${err.message}` };
    }
    throw err;
  } finally {
    ctx.close();
  }
}

/** Runs the corpus part of the CSV fidelity benchmark and prints its summary. */
export async function runCorpus(): Promise<void> {
  const files = await ensureCorpus(CACHE);
  const work = mkdtempSync(path.join(os.tmpdir(), "tablesight-csv-corpus-"));
  const start = performance.now();
  const outcomes: FileOutcome[] = [];
  try {
    for (const file of files) {
      outcomes.push(await compareOne(file, work));
      rmSync(path.join(work, file.sha256), { recursive: true, force: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const seconds = (performance.now() - start) / 1000;
  const sources = new Set(files.map((f) => f.source));
  const mb = files.reduce((n, f) => n + f.bytes, 0) / 1e6;
  console.log(
    `\nReal-world corpus: ${files.length} files (${mb.toFixed(1)} MB) from ${sources.size} sources, ` +
      `${seconds.toFixed(1)} s`,
  );
  const broken = outcomes.filter((o) => o.structure);
  for (const o of broken) console.log(`  structure  ${o.file.source} ${o.file.path}: ${o.structure}`);
  const refused = outcomes.filter((o) => o.bothRefused);
  const tables = outcomes.length - refused.length;
  const identical = tables - broken.length;
  console.log(
    `Not rectangular (a row longer than the header, refused by the app at that line, as by a strict reader): ` +
      `${refused.length} — ${[...new Set(refused.map((o) => path.dirname(o.file.path)))].slice(0, 6).join(", ")}`,
  );
  console.log(`Tables structurally identical: ${identical} / ${tables} (${((100 * identical) / tables).toFixed(2)}%)`);
  const verbatimFiles = outcomes.filter((o) => !o.bothRefused && !o.structure && o.misses.length === 0).length;
  console.log(
    `Files verbatim (same shape, every cell the file's text): ${verbatimFiles} / ${tables} ` +
      `(${((100 * verbatimFiles) / tables).toFixed(2)}%)`,
  );
  const cells = outcomes.reduce((n, o) => n + o.cells, 0);
  const verbatim = outcomes.reduce((n, o) => n + o.verbatim, 0);
  console.log(
    `Cells verbatim (header names included): ${verbatim.toLocaleString("en")} / ${cells.toLocaleString("en")} ` +
      `(${((100 * verbatim) / Math.max(cells, 1)).toFixed(3)}%)`,
  );
  const sum = (k: keyof NonNullable<FileOutcome["typed"]>) => outcomes.reduce((n, o) => n + (o.typed?.[k] ?? 0), 0);
  console.log(
    `Columns: ${sum("columns")}, typed as numbers ${sum("numeric")} (${sum("formed")} shown in a written form such ` +
      `as fixed places); ${sum("kept")} columns keep some cells' text; flagged: ${sum("mixed")} mixed ` +
      `(numbers and words), ${sum("unclearComma")} with an unclear comma`,
  );
  const byReason = new Map<string, { count: number; files: Set<string>; examples: string[] }>();
  for (const o of outcomes)
    for (const m of o.misses) {
      const entry = byReason.get(m.reason) ?? { count: 0, files: new Set<string>(), examples: [] };
      entry.count++;
      entry.files.add(o.file.path);
      if (entry.examples.length < 3) entry.examples.push(`${o.file.path} ${m.example}`);
      byReason.set(m.reason, entry);
    }
  if (byReason.size === 0) console.log("Misses: none");
  for (const [reason, e] of byReason) {
    console.log(`Misses — ${reason}: ${e.count} in ${e.files.size} file(s)`);
    for (const ex of e.examples) console.log(`    ${ex.slice(0, 200)}`);
  }
}
