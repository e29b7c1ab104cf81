import "server-only";
import path from "node:path";
import { datasetDir } from "@/lib/server/config";

/** Directory of one index generation: DATA_DIR/datasets/<id>/index-<gen>/. */
export function indexDir(datasetId: string, generation: number): string {
  return path.join(datasetDir(datasetId), `index-${generation}`);
}

/** The generation of an index directory name, or null for anything else. */
export function generationOfDir(name: string): number | null {
  const m = /^index-(\d+)$/.exec(name);
  return m ? Number(m[1]) : null;
}

export const CELLS_FILE = "cells.sqlite";

/** File of one column's vectors inside an index directory. */
export function vectorFileName(columnId: number): string {
  return `vectors-${columnId}.usearch`;
}
