// Where an external question's data is: one SQLite file (db), one table file (table, file), or
// several files imported together as one dataset (files), every path inside the data folder.
import { existsSync } from "node:fs";
import path from "node:path";

export type ExternalItem = {
  id?: string | number;
  question: string;
  answer?: unknown[];
  db?: string;
  table?: string;
  file?: string;
  /** Several CSV/TSV/XLSX files imported together as one dataset. */
  files?: string[];
  /** The dataset's name for `files` (default: their common folder's name). */
  dataset?: string;
  passages?: string;
  gold_sql?: string;
  /** Classes of the question (the realworld suite's tag vocabulary), for accuracy per tag. */
  tags?: string[];
  /** The data cannot answer the question: only a "no-answer" verdict is right. */
  out_of_scope?: boolean;
};

/** The item's data: a key naming it across runs, its files, the dataset name, and the SQLite file when one. */
export type ExternalSource = { key: string; files: string[]; name: string; db?: string };

function inside(dir: string, rel: string, id: unknown): string {
  const file = path.resolve(dir, rel);
  if (!file.startsWith(path.resolve(dir) + path.sep))
    throw new Error(`question ${id}: ${rel} is outside the data folder`);
  return file;
}

const baseName = (file: string) => path.basename(file).replace(/\.[^.]+$/, "");

export function sourceOf(item: ExternalItem, dir: string): ExternalSource {
  if (item.db) {
    const flat = path.join(dir, `${item.db}.sqlite`);
    const nested = path.join(dir, item.db, `${item.db}.sqlite`);
    const file = existsSync(flat) ? flat : nested;
    return { key: `db:${file}`, files: [file], name: item.db, db: file };
  }
  if (item.files?.length) {
    const files = item.files.map((rel) => inside(dir, rel, item.id));
    const folders = new Set(files.map((f) => path.dirname(f)));
    const folder = folders.size === 1 ? path.basename([...folders][0]) : null;
    const name = item.dataset ?? (folder && folder !== path.basename(dir) ? folder : baseName(files[0]));
    return { key: `files:${[...files].sort().join("|")}`, files, name };
  }
  const rel = item.table ?? item.file;
  if (!rel) throw new Error(`question ${item.id}: give db, table, file or files`);
  const file = inside(dir, rel, item.id);
  return { key: `file:${file}`, files: [file], name: baseName(rel) };
}
