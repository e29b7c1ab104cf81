// CSV fidelity benchmark, in two parts: `npm run bench -- csv-fidelity [wtq|corpus]` (both without
// a part). The corpus part is csv-corpus.mts. The WTQ part imports every WikiTableQuestions CSV
// through the app's CSV importer (in process, temporary rows file, no indexing) and compares the
// stored grid cell by cell with the table's `.tsv` twin, whose escapes are unambiguous (`\n`,
// `\\`, `\p` for a pipe). The two copies
// were written from the same page with different whitespace (the .tsv keeps no-break spaces and
// collapses runs of spaces the .csv keeps), so cells are compared with whitespace runs as one space.
// Prints the share of identical grids, and every file whose cells were merged without an error or
// a note naming the line.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cleanHeader } from "@/lib/core/ingest/identifiers";
import { importCsv } from "@/lib/server/ingest/csv";
import { ImportError } from "@/lib/server/ingest/errors";
import { readBack } from "@/lib/server/ingest/testing/read-back";
import { makeTestContext, uploadedFile } from "@/lib/server/ingest/testing/test-context";

// The shared datasets beside the repository, as the eval reads them; WTQ_CSV_DIR overrides.
const ROOT = process.env.WTQ_CSV_DIR ?? path.resolve("..", "shared", "datasets", "wikitablequestions", "csv");

const unescapeTsv = (s: string) => s.replace(/\\(n|\\|p)/g, (_, c) => (c === "n" ? "\n" : c === "p" ? "|" : "\\"));

function readTsv(file: string): string[][] {
  const text = readFileSync(file, "utf8").replace(/\r?\n$/, "");
  return text.split(/\r?\n/).map((line) => line.split("\t").map(unescapeTsv));
}

const sameSpaces = (s: string | undefined) => (s ?? "").replace(/[\s\u00a0]+/g, " ").trim();

type Outcome = { file: string; status: "identical" | "different" | "error" | "silent-merge"; detail: string };

function firstDifference(expected: string[][], actual: string[][]): string | null {
  if (expected.length !== actual.length) return `${actual.length} rows, expected ${expected.length}`;
  for (let r = 0; r < expected.length; r++) {
    const width = Math.max(expected[r].length, actual[r].length);
    for (let c = 0; c < width; c++) {
      const want = sameSpaces(expected[r][c]);
      const got = sameSpaces(actual[r][c]);
      if (want !== got)
        return `row ${r} col ${c}: ${JSON.stringify(got).slice(0, 60)} ≠ ${JSON.stringify(want).slice(0, 60)}`;
    }
  }
  return null;
}

async function compareOne(csv: string, work: string): Promise<Outcome> {
  const file = path.relative(ROOT, csv);
  const truth = readTsv(csv.replace(/\.csv$/, ".tsv"));
  const ctx = makeTestContext(path.join(work, file.replace(/\W/g, "_")));
  try {
    const [table] = await importCsv(uploadedFile(csv, path.basename(csv)), ctx);
    // The grid as the app shows it: numbers as the file wrote them (lib/server/written).
    const grid = [table.columns.map((c) => c.name), ...readBack(ctx, table).cells];
    // Empty and repeated header names are renamed by design ("column 2", "x_2"); compare like with like.
    const expected = [cleanHeader(truth[0]).names, ...truth.slice(1)];
    const diff = firstDifference(expected, grid);
    if (!diff) return { file, status: "identical", detail: "" };
    const width = expected[0].length;
    const merged = truth.slice(1).some((r) => r.length > width) || expected.length !== grid.length;
    const lineNamed = table.notes.some((n) => /line \d/.test(n));
    return { file, status: merged && !lineNamed ? "silent-merge" : "different", detail: diff };
  } catch (err) {
    if (err instanceof ImportError) return { file, status: "error", detail: err.message };
    throw err;
  } finally {
    ctx.close();
  }
}

export async function run(): Promise<void> {
  const part = process.argv[3];
  if (part !== undefined && part !== "wtq" && part !== "corpus") {
    console.error(`Unknown part "${part}": give wtq, corpus, or nothing for both.`);
    process.exit(2);
  }
  if (part !== "corpus") await runWtq();
  if (part !== "wtq") await (await import("./csv-corpus.mts")).runCorpus();
}

async function runWtq(): Promise<void> {
  console.log("WikiTableQuestions: every CSV against its .tsv twin");
  const files = readdirSync(ROOT)
    .filter((d) => statSync(path.join(ROOT, d)).isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(ROOT, d))
        .filter((f) => f.endsWith(".csv"))
        .map((f) => path.join(ROOT, d, f)),
    )
    .sort();
  const work = mkdtempSync(path.join(os.tmpdir(), "tablesight-csv-fidelity-"));
  const start = performance.now();
  const outcomes: Outcome[] = [];
  try {
    for (const csv of files) outcomes.push(await compareOne(csv, work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const seconds = (performance.now() - start) / 1000;
  const count = (s: Outcome["status"]) => outcomes.filter((o) => o.status === s).length;
  for (const o of outcomes.filter((x) => x.status !== "identical").slice(0, 40))
    console.log(`${o.status.padEnd(12)} ${o.file}: ${o.detail}`);
  const identical = count("identical");
  console.log(`\nFiles: ${outcomes.length} in ${seconds.toFixed(1)} s`);
  console.log(`Identical grids: ${identical} (${((identical / outcomes.length) * 100).toFixed(2)}%)`);
  console.log(
    `Different: ${count("different")}, refused with an error: ${count("error")}, ` +
      `merged or shifted without a note naming the line: ${count("silent-merge")}`,
  );
}
