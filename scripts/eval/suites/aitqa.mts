// AIT-QA suite (SPLITS.md: tables tab-N, even N tune, odd N report). Tables are imported from the
// XLSX renderings with merged header cells. The 18 renderings of tables without row headers hold
// only their header row (the converter dropped their data rows); those are rebuilt here from the
// raw JSON the same way: header paths as rows, equal adjacent header cells merged.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import type { EvalArgs } from "../args.mts";
import { runComplexSuite, type ComplexQuestion } from "../complex-tables.mts";
import { scratchDir, sharedDatasets } from "../datasets.mts";

type RawTable = { id: string; column_header: string[][]; row_header: string[][]; data: string[][] };

const readJsonl = <T,>(file: string): T[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

async function rebuild(table: RawTable, file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("table");
  const levels = Math.max(1, ...table.column_header.map((p) => p.length));
  const left = Math.max(0, ...table.row_header.map((p) => p.length));
  for (let l = 0; l < levels; l++) {
    let start = 0;
    table.column_header.forEach((p, j) => {
      ws.getCell(l + 1, left + j + 1).value = p[l] ?? "";
      const same = (k: number) =>
        k < table.column_header.length &&
        table.column_header[k].slice(0, l + 1).join("\u0000") === p.slice(0, l + 1).join("\u0000") &&
        p[l] !== undefined;
      if (!same(j + 1)) {
        if (j > start) ws.mergeCells(l + 1, left + start + 1, l + 1, left + j + 1);
        start = j + 1;
      }
    });
  }
  table.data.forEach((row, i) => {
    const r = levels + i + 1;
    (table.row_header[i] ?? []).forEach((v, k) => (ws.getCell(r, k + 1).value = v));
    row.forEach((v, j) => (ws.getCell(r, left + j + 1).value = v));
  });
  await wb.xlsx.writeFile(file);
}

const readTables = (root: string): Map<string, RawTable> =>
  new Map(readJsonl<RawTable>(path.join(root, "aitqa", "raw_data", "aitqa_tables.jsonl")).map((t) => [t.id, t]));
let tables: Map<string, RawTable> | null = null;

/** The workbook a table is imported from: the shared rendering, or one rebuilt from the raw JSON. */
export async function aitqaTableFile(datasets: string, id: string): Promise<{ path: string; name: string }> {
  tables ??= readTables(datasets);
  const root = path.join(datasets, "aitqa");
  const t = tables.get(id)!;
  const shared = path.join(root, "tables_xlsx", `${id}.xlsx`);
  const csvRows = readFileSync(path.join(root, "tables_csv", `${id}.csv`), "utf8")
    .split("\n")
    .filter(Boolean).length;
  const levels = Math.max(1, ...t.column_header.map((p) => p.length));
  if (csvRows >= levels + t.data.length) return { path: shared, name: `${id}.xlsx` };
  const file = path.join(scratchDir("aitqa"), `${id}.xlsx`);
  if (!existsSync(file)) await rebuild(t, file);
  return { path: file, name: `${id}.xlsx` };
}

export async function runAitqa(args: EvalArgs) {
  const root = path.join(sharedDatasets(), "aitqa");
  const parity = args.split === "tune" ? 0 : 1;
  const questions: ComplexQuestion[] = readJsonl<{ id: string; table_id: string; question: string; answers: string[] }>(
    path.join(root, "raw_data", "aitqa_questions.jsonl"),
  )
    .filter((q) => Number(q.table_id.split("-")[1]) % 2 === parity)
    .map((q) => ({ id: q.id, table: q.table_id, question: q.question, gold: q.answers }));
  return runComplexSuite("aitqa", args, questions, (id) => aitqaTableFile(sharedDatasets(), id));
}
