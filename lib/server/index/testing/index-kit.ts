import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import type { DatasetDetail } from "@/lib/core/model/dataset";

/** Test helpers for the index: small datasets written to disk and imported the way uploads are. */

const COUNTIES = ["Los Angeles", "Fresno", "Orange", "Sacramento", "San Diego", "Kern", "Alameda", "Santa Clara"];
const CITIES = ["Pasadena", "Clovis", "Anaheim", "Elk Grove", "Chula Vista", "Bakersfield", "Oakland", "San Jose"];

export function tempDir(prefix = "tablesight-index-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

function csv(rows: Array<Array<string | number | null>>): string {
  const cell = (v: string | number | null) =>
    v === null ? "" : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v);
  return rows.map((r) => r.map(cell).join(",")).join("\n") + "\n";
}

/**
 * Three related CSV tables with no declared keys: counties ← districts ← schools. Ids are
 * numbered so that value overlap and names both point at the real joins.
 */
export function schoolCsvFiles(dir: string): string[] {
  type Rows = Array<Array<string | number>>;
  const counties: Rows = [
    ["county_id", "county_name", "region"],
    ...COUNTIES.map((c, i) => [100 + i, c, i % 2 ? "North" : "South"]),
  ];
  const districts: Rows = [["district_id", "district_name", "county_id", "enrollment"]];
  for (let d = 0; d < 24; d++)
    districts.push([
      5000 + d,
      `${COUNTIES[d % 8]} ${["Unified", "Elementary", "High"][d % 3]} ${d}`,
      100 + (d % 8),
      1000 + d * 37,
    ]);
  const schools: Rows = [["cds_code", "school_name", "district_id", "city", "opened"]];
  for (let s = 0; s < 90; s++)
    schools.push([
      `19${String(64000 + s).padStart(7, "0")}`,
      `${["Lincoln", "Washington", "Roosevelt"][s % 3]} School ${s}`,
      5000 + (s % 24),
      CITIES[s % 8],
      `20${String(s % 20).padStart(2, "0")}-09-01`,
    ]);
  const files = { "counties.csv": counties, "districts.csv": districts, "schools.csv": schools };
  return Object.entries(files).map(([name, rows]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, csv(rows));
    return file;
  });
}

/** Writes a SQLite file with the given DDL and rows (statement → parameter rows). */
export function sqliteFile(dir: string, name: string, ddl: string, inserts: Record<string, unknown[][]> = {}): string {
  const file = path.join(dir, name);
  const db = new Database(file);
  db.exec(ddl);
  for (const [sql, rows] of Object.entries(inserts)) {
    const stmt = db.prepare(sql);
    db.transaction(() => rows.forEach((r) => stmt.run(...r)))();
  }
  db.close();
  return file;
}

/** Imports files as one dataset through the upload's import path. */
export async function importFiles(files: string[], name?: string): Promise<DatasetDetail> {
  const { importDataset } = await import("@/lib/server/ingest/import-dataset");
  return importDataset(
    files.map((f) => ({ originalName: path.basename(f), path: f, size: fs.statSync(f).size })),
    { name },
  );
}

/** Route context as Next passes it. */
export const routeCtx = (params: Record<string, string>) => ({ params: Promise.resolve(params) }) as never;
