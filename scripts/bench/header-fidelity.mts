// Header fidelity benchmark: imports AIT-QA's workbooks through the app's XLSX importer (in process,
// temporary rows file, no indexing) and checks the detected number of header rows against the
// depth of the column header paths in raw_data/aitqa_tables.jsonl. Tables count as "clean" when
// every column's path has the same depth and no empty level; clean tables with depth 1 are the
// single-row ones. Detection is structural; nothing here feeds back into it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { importXlsx } from "@/lib/server/ingest/xlsx";
import { makeTestContext, uploadedFile } from "@/lib/server/ingest/testing/test-context";

// The shared datasets beside the repository, as the eval reads them; AITQA_DIR overrides.
const ROOT = process.env.AITQA_DIR ?? path.resolve("..", "shared", "datasets", "aitqa");

type Truth = { id: string; column_header: string[][]; row_header: string[][] };
type Outcome = {
  id: string;
  depth: number;
  detected: number;
  labelDepth: number;
  labelColumns: number | null;
  clean: boolean;
};

function cleanDepth(t: Truth): number | null {
  const depths = new Set(t.column_header.map((p) => p.length));
  const empty = t.column_header.some((p) => p.some((x) => (x ?? "").trim() === ""));
  return depths.size === 1 && !empty ? [...depths][0] : null;
}

async function detect(t: Truth, work: string): Promise<Outcome> {
  const depth = cleanDepth(t);
  const ctx = makeTestContext(path.join(work, t.id));
  try {
    const [table] = await importXlsx(uploadedFile(path.join(ROOT, "tables_xlsx", `${t.id}.xlsx`)), ctx);
    const detected = table.layout?.headerRows.length ?? 1;
    const labels = /(\d+) leading column\(s\) hold row labels/.exec(table.notes.join(" "));
    return {
      id: t.id,
      depth: depth ?? -1,
      detected,
      labelDepth: t.row_header[0]?.length ?? 0,
      labelColumns: labels ? Number(labels[1]) : 0,
      clean: depth !== null,
    };
  } finally {
    ctx.close();
  }
}

export async function run(): Promise<void> {
  const truths = readFileSync(path.join(ROOT, "raw_data", "aitqa_tables.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Truth);
  const work = mkdtempSync(path.join(os.tmpdir(), "tablesight-header-fidelity-"));
  const start = performance.now();
  const outcomes: Outcome[] = [];
  try {
    for (const t of truths) outcomes.push(await detect(t, work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const seconds = (performance.now() - start) / 1000;
  const multi = outcomes.filter((o) => o.clean && o.depth > 1);
  const single = outcomes.filter((o) => o.clean && o.depth === 1);
  const right = (list: Outcome[]) => list.filter((o) => o.detected === o.depth).length;
  for (const o of [...multi, ...single].filter((x) => x.detected !== x.depth))
    console.log(`wrong ${o.id}: detected ${o.detected} header rows, truth ${o.depth}`);
  const labelsRight = outcomes.filter((o) => o.labelColumns === o.labelDepth).length;
  const pct = (n: number, d: number) => `${n}/${d} (${((n / Math.max(d, 1)) * 100).toFixed(1)}%)`;
  console.log(`\nWorkbooks: ${outcomes.length} in ${seconds.toFixed(1)} s`);
  console.log(`Clean multi-row headers right: ${pct(right(multi), multi.length)}`);
  console.log(`Single-row headers right: ${pct(right(single), single.length)}`);
  console.log(`Label columns equal to the row-header depth (all tables): ${pct(labelsRight, outcomes.length)}`);
}
