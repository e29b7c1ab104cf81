// A dbt project as a SQLite database: each seed CSV becomes a table (keys as the project's tests
// declare them), and each SQL model, its Jinja rendered (ref() → the model's name), becomes a view.
import { readFileSync } from "node:fs";
import nunjucks from "nunjucks";
import { csvColumnType, readCsv } from "./csv-files.mts";
import type { ForeignKey, TableDef, ViewDef } from "./ddl.mts";
import type { TableData } from "./sqlite-write.mts";

/** A seed: its table name, its CSV file, and the keys the project's tests declare (unique, relationships). */
export type DbtSeed = { name: string; file: string; primaryKey?: string[]; foreignKeys?: ForeignKey[] };
/** A model: its view name and its SQL file (dbt's Jinja SQL). */
export type DbtModel = { name: string; file: string };

/**
 * A model's SQL with its Jinja rendered as `dbt compile` would: `ref('x')` becomes the quoted name x,
 * `config(…)` nothing; an unknown variable is an error rather than an empty string.
 */
export function renderDbtSql(sql: string): string {
  const env = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: true });
  env.addGlobal("ref", (name: string) => `"${name.replace(/"/g, '""')}"`);
  env.addGlobal("config", () => "");
  return env.renderString(sql, {}).trim();
}

/** A seed CSV as a table: columns typed by their cells (INTEGER, REAL or TEXT), values as written. */
export function seedTable(seed: DbtSeed): TableData {
  const { columns, rows } = readCsv(seed.file);
  const def: TableDef = {
    name: seed.name,
    columns: columns.map((name, i) => ({
      name,
      type: csvColumnType(rows.map((r) => r[i])),
      notNull: seed.primaryKey?.includes(name) ?? false,
    })),
    primaryKey: seed.primaryKey ?? [],
    foreignKeys: seed.foreignKeys ?? [],
  };
  return { def, rows };
}

/** The tables and views of a dbt project, models in the order given (a model's refs come before it). */
export function dbtProject(
  seeds: readonly DbtSeed[],
  models: readonly DbtModel[],
): { tables: TableData[]; views: ViewDef[] } {
  return {
    tables: seeds.map(seedTable),
    views: models.map((m) => ({ name: m.name, select: renderDbtSql(readFileSync(m.file, "utf8")) })),
  };
}
