// BIRD schema suite: schema retrieval only (the mini-dev ships no rows). Each database is built
// empty from tables.json (names, types, keys), imported like an upload, and its columns get
// BIRD's own descriptions (database_description/*.csv) as a user's edited descriptions would.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import Papa from "papaparse";
import type { EvalArgs } from "../args.mts";
import { importOnce, scratchDir, sharedDatasets } from "../datasets.mts";
import { analyzeGoldSql, type DbSchema } from "../../../lib/core/eval/gold-sql.ts";
import { meanScores, scoreSets, type SetScore } from "../../../lib/core/eval/set-scores.ts";
import { summarize, type QuestionRecord, type Summary } from "../report.mts";
import { columnKeys, runQuestion } from "../run-question.mts";

export const BIRD_TUNE_DBS = [
  "california_schools",
  "card_games",
  "codebase_community",
  "debit_card_specializing",
  "european_football_2",
];

export type BirdSchema = {
  db_id: string;
  table_names_original: string[];
  column_names_original: [number, string][];
  column_types: string[];
  primary_keys: Array<number | number[]>;
  foreign_keys: [number, number][];
};
type BirdItem = { question_id: number; db_id: string; question: string; evidence: string; SQL: string };

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
const SQL_TYPE: Record<string, string> = {
  text: "TEXT",
  number: "REAL",
  integer: "INTEGER",
  real: "REAL",
  date: "DATE",
  datetime: "DATETIME",
  time: "TEXT",
};

/** An empty SQLite database with BIRD's tables, column types and keys. */
function buildEmptyDb(s: BirdSchema, file: string): void {
  if (existsSync(file)) return;
  const db = new Database(file);
  const pk = new Set(s.primary_keys.flatMap((k) => (Array.isArray(k) ? k : [k])));
  s.table_names_original.forEach((t, ti) => {
    const cols = s.column_names_original.map((c, ci) => ({ c, ci })).filter(({ c }) => c[0] === ti);
    const defs = cols.map(({ c, ci }) => `${q(c[1])} ${SQL_TYPE[s.column_types[ci]] ?? "TEXT"}`);
    const keys = cols.filter(({ ci }) => pk.has(ci)).map(({ c }) => q(c[1]));
    if (keys.length) defs.push(`PRIMARY KEY (${keys.join(", ")})`);
    for (const [from, to] of s.foreign_keys) {
      const a = s.column_names_original[from];
      const b = s.column_names_original[to];
      if (a[0] === ti) defs.push(`FOREIGN KEY (${q(a[1])}) REFERENCES ${q(s.table_names_original[b[0]])}(${q(b[1])})`);
    }
    db.exec(`CREATE TABLE ${q(t)} (${defs.join(", ")})`);
  });
  db.close();
}

function readText(file: string): string {
  const buf = readFileSync(file);
  const utf8 = buf.toString("utf8");
  return (utf8.includes("\uFFFD") ? buf.toString("latin1") : utf8).replace(/^\uFEFF/, "");
}

/** BIRD's column descriptions of one database, keyed by lowercase "table.column". */
export function birdDescriptions(db: string): Map<string, { expandedName?: string; description: string }> {
  const dir = path.join(sharedDatasets(), "bird_minidev", "database_descriptions", db, "database_description");
  const out = new Map<string, { expandedName?: string; description: string }>();
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".csv"))) {
    const table = f.replace(/\.csv$/, "").toLowerCase();
    const rows = Papa.parse<Record<string, string>>(readText(path.join(dir, f)), {
      header: true,
      skipEmptyLines: true,
    }).data;
    for (const r of rows) {
      const col = (r.original_column_name ?? "").trim();
      if (!col) continue;
      const name = (r.column_name ?? "").trim();
      const text = [name, (r.column_description ?? "").trim(), (r.value_description ?? "").trim()]
        .filter(Boolean)
        .join(". ")
        .replace(/\s+/g, " ");
      out.set(`${table}.${col.toLowerCase()}`, {
        ...(name ? { expandedName: name.toLowerCase() } : {}),
        description: text.slice(0, 600),
      });
    }
  }
  return out;
}

export async function runBirdSchema(args: EvalArgs): Promise<{ summary: Summary; records: QuestionRecord[] }> {
  const root = path.join(sharedDatasets(), "bird_minidev");
  const schemas = JSON.parse(readFileSync(path.join(root, "mini_dev_sqlite_tables.json"), "utf8")) as BirdSchema[];
  const items = (JSON.parse(readFileSync(path.join(root, "mini_dev_sqlite.json"), "utf8")) as BirdItem[]).filter(
    (x) => BIRD_TUNE_DBS.includes(x.db_id) === (args.split === "tune"),
  );
  const chosen = items.slice(args.offset, args.limit ? args.offset + args.limit : undefined);
  const { getDataset } = await import("../../../lib/server/stores/datasets.ts");
  const { writeDescriptionEdit } = await import("../../../lib/server/index/index-store.ts");
  const records: QuestionRecord[] = [];
  const scores: SetScore[] = [];
  for (const dbId of [...new Set(chosen.map((x) => x.db_id))]) {
    const s = schemas.find((x) => x.db_id === dbId)!;
    const file = path.join(scratchDir("bird"), `${dbId}.sqlite`);
    buildEmptyDb(s, file);
    const datasetId = await importOnce(`bird:${dbId}`, [{ name: `${dbId}.sqlite`, path: file }], dbId);
    const detail = (await getDataset(datasetId))!;
    const descriptions = birdDescriptions(dbId);
    // BIRD's descriptions enter as a user's edited descriptions would (the index's edit store).
    for (const t of detail.tables) {
      for (const c of t.columns) {
        const d = descriptions.get(`${t.sqlName.toLowerCase()}.${c.sqlName.toLowerCase()}`);
        if (d)
          await writeDescriptionEdit(
            datasetId,
            t.name,
            c.sqlName,
            d.expandedName ? `${d.expandedName}: ${d.description}` : d.description,
          );
      }
    }
    const tableName = (display: string) => detail.tables.find((t) => t.name === display)?.sqlName ?? display;
    const schema: DbSchema = new Map(
      s.table_names_original.map((t, ti) => [
        t.toLowerCase(),
        s.column_names_original.filter((c) => c[0] === ti).map((c) => c[1].toLowerCase()),
      ]),
    );
    for (const item of chosen.filter((x) => x.db_id === dbId)) {
      // BIRD's evidence is part of its question (the standard setting): it defines terms.
      const question = item.evidence ? `${item.question} (${item.evidence})` : item.question;
      const outcome = await runQuestion(datasetId, question, args);
      let gold = new Set<string>();
      try {
        gold = analyzeGoldSql(item.SQL, schema).columns;
      } catch (err) {
        console.error(`gold failed for #${item.question_id}: ${(err as Error).message.slice(0, 100)}`);
      }
      const r = outcome.result;
      const filled = r ? columnKeys(r.filled, tableName) : [];
      const record: QuestionRecord = {
        id: `bird-${item.question_id}`,
        source: dbId,
        question,
        gold: { sql: item.SQL },
        prediction: r?.answer.text ?? "",
        values: [],
        correct: null,
        columns: { selected: r ? columnKeys(r.selected, tableName) : [], filled, gold: [...gold] },
        sql: r?.answer.sql ?? null,
        ms: outcome.ms,
        tokens: r?.tokens ?? { input: 0, output: 0 },
        ...(outcome.error ? { error: outcome.error } : {}),
      };
      if (gold.size) {
        record.schema = scoreSets(new Set(filled), gold);
        scores.push(record.schema);
      }
      records.push(record);
      if (args.verbose)
        console.log(`${record.schema ? (100 * record.schema.f2).toFixed(0) : "-"} ${record.id} ${item.question}`);
    }
  }
  return {
    summary: summarize("bird-schema", args.split, args.method, args.reasoner, records, meanScores(scores)),
    records,
  };
}
