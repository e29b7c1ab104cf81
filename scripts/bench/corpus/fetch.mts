// Brings the corpus files named in manifest.json into a git-ignored cache (bench-data/csv-corpus),
// each checked against its sha256; files already there and intact are not read again.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ManifestEntry } from "./make-manifest.mts";
import { readSourceFiles, sha256 } from "./files.mts";
import { CORPUS_SOURCES, sourceKey } from "./sources.mts";

export type CorpusFile = ManifestEntry & { file: string };

export function readManifest(): ManifestEntry[] {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, "manifest.json"), "utf8")) as ManifestEntry[];
}

/** Where an entry is cached: one folder per source, the repository's own path below it. */
function cachePath(root: string, entry: ManifestEntry): string {
  return path.join(root, entry.source.replace(/[^\w.@-]+/g, "_"), entry.path);
}

const intact = (file: string, entry: ManifestEntry) => existsSync(file) && sha256(readFileSync(file)) === entry.sha256;

/** Every manifest file on disk under `root`, fetched when missing; throws on a file whose bytes changed. */
export async function ensureCorpus(root: string): Promise<CorpusFile[]> {
  const entries = readManifest();
  const files = entries.map((e) => ({ ...e, file: cachePath(root, e) }));
  const missing = files.filter((f) => !intact(f.file, f));
  for (const source of CORPUS_SOURCES) {
    const wanted = missing.filter((f) => f.source === sourceKey(source));
    if (wanted.length === 0) continue;
    console.log(`Fetching ${wanted.length} files of ${sourceKey(source)}…`);
    const data = await readSourceFiles(
      source,
      wanted.map((f) => f.path),
    );
    for (const f of wanted) {
      const bytes = data.get(f.path)!;
      if (sha256(bytes) !== f.sha256) throw new Error(`${f.source} ${f.path}: its sha256 differs from the manifest`);
      mkdirSync(path.dirname(f.file), { recursive: true });
      writeFileSync(f.file, bytes);
    }
  }
  return files;
}
