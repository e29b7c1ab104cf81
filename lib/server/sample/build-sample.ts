import "server-only";
import path from "node:path";
import ExcelJS from "exceljs";
import Database from "libsql";
import { generateSample, type SampleData } from "@/lib/core/sample/generate";

/** Writes the sample SQLite database (with declared keys) and the merged-header workbook into `dir`. */
export async function buildSampleFiles(dir: string): Promise<Array<{ name: string; path: string }>> {
  const data = generateSample();
  const sqlitePath = path.join(dir, "schools.sqlite");
  writeSqlite(sqlitePath, data);
  const xlsxPath = path.join(dir, "enrollment.xlsx");
  await writeWorkbook(xlsxPath, data.enrollment);
  return [
    { name: "schools.sqlite", path: sqlitePath },
    { name: "enrollment.xlsx", path: xlsxPath },
  ];
}

function writeSqlite(file: string, data: SampleData): void {
  const db = new Database(file);
  db.exec(
    `
    CREATE TABLE counties (county_id INTEGER PRIMARY KEY, name TEXT NOT NULL, region TEXT);
    CREATE TABLE districts (district_id INTEGER PRIMARY KEY, name TEXT NOT NULL, ` +
      `county_id INTEGER REFERENCES counties(county_id), kind TEXT);
    CREATE TABLE schools (cds_code TEXT PRIMARY KEY, name TEXT NOT NULL, ` +
      `district_id INTEGER REFERENCES districts(district_id),
      city TEXT, funding TEXT, charter INTEGER, virtual TEXT, opened DATE, phone TEXT);
    CREATE TABLE satscores (cds TEXT REFERENCES schools(cds_code), year TEXT, NumTstTakr INTEGER, AvgScrRead INTEGER,
      AvgScrMath INTEGER, AvgScrWrite INTEGER, NumGE1500 INTEGER, PRIMARY KEY (cds, year));
  `,
  );
  const insertAll = (table: string, rows: Array<Record<string, unknown>>) => {
    if (rows.length === 0) return;
    const cols = Object.keys(rows[0]);
    const stmt = db.prepare(`INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`);
    for (const row of rows) stmt.run(...cols.map((c) => row[c]));
  };
  db.transaction(() => {
    insertAll(
      "counties",
      data.counties.map((c) => ({ county_id: c.id, name: c.name, region: c.region })),
    );
    insertAll("districts", data.districts);
    insertAll("schools", data.schools);
    insertAll("satscores", data.satScores);
  })();
  db.close();
}

async function writeWorkbook(file: string, enrollment: SampleData["enrollment"]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Enrollment by band");
  const { years, bands, rows } = enrollment;
  ws.getCell(1, 1).value = "District";
  ws.mergeCells(1, 1, 2, 1);
  years.forEach((year, y) => {
    const first = 2 + y * bands.length;
    ws.getCell(1, first).value = year;
    ws.mergeCells(1, first, 1, first + bands.length - 1);
    bands.forEach((band, b) => (ws.getCell(2, first + b).value = band));
  });
  rows.forEach((row, r) => {
    ws.getCell(3 + r, 1).value = row.district;
    row.values.forEach((v, i) => (ws.getCell(3 + r, 2 + i).value = v));
  });
  const totalRow = 3 + rows.length;
  ws.getCell(totalRow, 1).value = "Total";
  for (let c = 2; c < 2 + years.length * bands.length; c++) {
    const sum = rows.reduce((n, row) => n + row.values[c - 2], 0);
    const col = ws.getColumn(c).letter;
    ws.getCell(totalRow, c).value = { formula: `SUM(${col}3:${col}${totalRow - 1})`, result: sum };
  }
  await wb.xlsx.writeFile(file);
}
