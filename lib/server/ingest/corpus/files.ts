import fs from "node:fs";
import path from "node:path";
import type { CorpusFile } from "./case-helpers";

/** Where the corpus lives: small files are committed there, large ones are generated into large/. */
export function corpusDir(): string {
  return path.resolve(process.cwd(), "lib/server/ingest/corpus/files");
}

/**
 * The path of a case's file, building it first when it is missing (always the case for large ones on a fresh clone).
 */
export async function ensureCorpusFile(item: CorpusFile, dir = corpusDir()): Promise<string> {
  const target = path.join(dir, item.large ? "large" : "", item.file);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Built beside its place and moved there whole: an interrupted build leaves no half file behind.
    const partial = `${target}.partial`;
    await item.build(partial);
    fs.renameSync(partial, target);
  }
  return target;
}
