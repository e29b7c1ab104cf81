import fs from "node:fs";
import path from "node:path";
import type { CorpusCase } from "./cases";

/** Where the corpus lives: small files are committed there, large ones are generated into large/. */
export function corpusDir(): string {
  return path.resolve(process.cwd(), "lib/server/ingest/corpus/files");
}

/**
 * The path of a case's file, building it first when it is missing (always the case for large ones on a fresh clone).
 */
export function ensureCorpusFile(item: CorpusCase, dir: string): string {
  const target = path.join(dir, item.large ? "large" : "", item.file);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    item.build(target);
  }
  return target;
}
