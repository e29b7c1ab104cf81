// Writes manifest.json: every file the corpus sources select, pinned by commit or version, with its
// size and sha256. Run once when the sources change (`npx tsx scripts/bench/corpus/make-manifest.mts`);
// it needs a local mirror of each GitHub repository and the npm registry.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { listSource, readSourceFiles, sha256 } from "./files.mts";
import { CORPUS_SOURCES, FILE_DIALECTS, type FileDialect, sourceKey } from "./sources.mts";

export type ManifestEntry = { source: string; path: string; bytes: number; sha256: string; dialect?: FileDialect };

const entries: ManifestEntry[] = [];
for (const source of CORPUS_SOURCES) {
  const chosen = listSource(source)
    .filter((f) => source.include(f.path, f.bytes))
    .map((f) => f.path)
    .sort();
  const data = await readSourceFiles(source, chosen);
  for (const file of chosen) {
    const bytes = data.get(file)!;
    const dialect = FILE_DIALECTS[file];
    entries.push({
      source: sourceKey(source),
      path: file,
      bytes: bytes.length,
      sha256: sha256(bytes),
      ...(dialect ? { dialect } : {}),
    });
  }
  console.log(`${sourceKey(source)}: ${chosen.length} files`);
}
const out = path.join(import.meta.dirname, "manifest.json");
writeFileSync(out, `${JSON.stringify(entries, null, 1)}\n`);
console.log(`${entries.length} files → ${out}`);
