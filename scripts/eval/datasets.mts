// Imports evaluation data through the app's real import path into a dedicated DATA_DIR, once:
// a manifest maps each source (path + size + mtime) and the code that imports and indexes it to
// its dataset id, so later runs reuse it until either changes.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

type Manifest = Record<string, { id: string; stamp: string }>;

/** Points the app at the eval's data folder; must run before any server module is imported. */
export function useEvalDataDir(dir: string | null): string {
  // One cache per checkout: two worktrees evaluating at once must not share one app database.
  const checkout = createHash("sha256").update(process.cwd()).digest("hex").slice(0, 8);
  const dataDir = path.resolve(dir ?? path.join(os.tmpdir(), `tablesight-eval-data-${checkout}`));
  mkdirSync(dataDir, { recursive: true });
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  process.env.SEED_SAMPLE = "0";
  // Imports here index in the foreground (importOnce), not through the background queue.
  process.env.AUTO_INDEX = "0";
  return dataDir;
}

function manifestPath(): string {
  return path.join(process.env.DATA_DIR!, "eval-manifest.json");
}

function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(manifestPath(), "utf8")) as Manifest;
  } catch {
    return {};
  }
}

/**
 * What an imported, indexed dataset was made by: the import and index code, the schema and the
 * models the index reads. A dataset imported by other code is imported again, as a fresh clone
 * would import it (a kept one once measured a column typed by older code).
 */
const IMPORT_CODE = ["lib/core/ingest", "lib/server/ingest", "lib/core/index", "lib/server/index", "db", "models"];
let codeStampMemo: string | null = null;
function codeStamp(): string {
  if (codeStampMemo) return codeStampMemo;
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      // Source, schema and weights only: test corpora (a sparse 10 GB file among them) say nothing of the code.
      if (entry.isDirectory()) {
        if (entry.name !== "corpus" && entry.name !== "testing") walk(full);
      } else if (/\.(m?ts|sql|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
        hash.update(full).update(readFileSync(full));
    }
  };
  for (const dir of IMPORT_CODE) walk(path.resolve(process.cwd(), dir));
  codeStampMemo = hash.digest("hex").slice(0, 16);
  return codeStampMemo;
}

function stampOf(files: string[]): string {
  const sources = files.map((f) => {
    const s = statSync(f);
    return `${f}:${s.size}:${Math.round(s.mtimeMs)}`;
  });
  return [...sources, `code:${codeStamp()}`].join("|");
}

/**
 * The dataset id of `files` imported as one dataset named `name`, importing them on first use
 * (importDataset, as an upload would). `key` identifies the source across runs.
 */
export async function importOnce(
  key: string,
  files: Array<{ name: string; path: string }>,
  name: string,
): Promise<string> {
  const { getDataset } = await import("../../lib/server/stores/datasets.ts");
  const manifest = readManifest();
  const stamp = stampOf(files.map((f) => f.path));
  const known = manifest[key];
  if (known && known.stamp === stamp && (await getDataset(known.id))) return ensureIndexed(known.id);
  if (known && (await getDataset(known.id))) {
    // Made by other code or from another file: dropped, so the data folder does not grow with each change.
    const { deleteDataset } = await import("../../lib/server/lifecycle/dataset-files.ts");
    await deleteDataset(known.id);
  }
  const { importDataset } = await import("../../lib/server/ingest/import-dataset.ts");
  const detail = await importDataset(
    files.map((f) => ({ originalName: f.name, path: f.path, size: statSync(f.path).size })),
    { name },
  );
  const fresh = readManifest();
  fresh[key] = { id: detail.id, stamp };
  writeFileSync(manifestPath(), JSON.stringify(fresh, null, 1));
  return ensureIndexed(detail.id);
}

/** Builds the dataset's offline index (lib/server/index) unless a complete one exists. */
async function ensureIndexed(datasetId: string): Promise<string> {
  const { currentGeneration } = await import("../../lib/server/index/generations.ts");
  if ((await currentGeneration(datasetId)) !== null) return datasetId;
  const { runIndexing } = await import("../../lib/server/index/pipeline.ts");
  const outcome = await runIndexing(datasetId);
  if (outcome?.status !== "ready") console.error(`indexing ${datasetId} failed: ${outcome?.error ?? "dataset gone"}`);
  return datasetId;
}

/** A scratch folder inside the data dir for converted inputs (WTQ tables, BIRD schemas). */
export function scratchDir(kind: string): string {
  const dir = path.join(process.env.DATA_DIR!, "eval-inputs", kind);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  return dir;
}

/** ../shared/datasets, resolved from the repository root. */
export function sharedDatasets(): string {
  return path.resolve(process.cwd(), "..", "shared", "datasets");
}
