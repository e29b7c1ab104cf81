/**
 * Test support (not used by shipped code): retrieval ports over tables (and views) a test describes,
 * created in any SQLite engine the test passes in, with the offline index — profiles, descriptions,
 * join discovery, the schema graph, the cell index and the semantic model — built by the core index
 * algorithms as the server builds them.
 */
import { buildCellIndex } from "../../index/cell-index";
import { searchCells } from "../../index/cell-search";
import { describeColumn } from "../../index/describe-column";
import { describeTable } from "../../index/describe-table";
import { discoverJoins } from "../../index/join-discovery";
import { profileColumn } from "../../index/profile";
import { buildSchemaGraph } from "../../index/schema-graph";
import { inferSemanticModel } from "../../index/semantic";
import { valueSketch } from "../../index/value-sketch";
import { bruteForceIndexFactory } from "../../index/vector-index";
import type { ColumnMeta, ColumnType, TableMeta } from "../../model/dataset";
import type { LlmPort } from "../../reasoner/llm-port";
import { createHashedEncoder } from "../../text/hashed-encoder";
import type { CellValue, Reasoner } from "../../trace/atoms";
import type { RetrievalPorts, RetrievalTable } from "../ports";

/** The two calls the fixture needs from a SQLite engine (libsql's Database in tests). */
export type SqlEngine = { exec(sql: string): void; rows(sql: string): CellValue[][] };

export type Row = Record<string, string | number | null>;
/** A table: its columns ([name, type, primary key?]), rows and foreign keys. */
export type Spec = {
  name: string;
  columns: Array<[string, ColumnType, boolean?]>;
  rows: Row[];
  fks?: TableMeta["foreignKeys"];
};
/** A view: its SELECT and the columns it returns. */
export type ViewSpec = { name: string; select: string; columns: Array<[string, ColumnType]> };

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
const lit = (v: string | number | null) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`;

function createTable(engine: SqlEngine, s: Spec): void {
  const type = (t: ColumnType) => (t === "integer" ? "INTEGER" : t === "real" ? "REAL" : "TEXT");
  const keys = s.columns.filter(([, , pk]) => pk).map(([c]) => q(c));
  engine.exec(
    `CREATE TABLE ${q(s.name)} (${s.columns.map(([c, t]) => `${q(c)} ${type(t)}`).join(", ")}` +
      `${keys.length ? `, PRIMARY KEY (${keys.join(", ")})` : ""})`,
  );
  for (const r of s.rows)
    engine.exec(
      `INSERT INTO ${q(s.name)} (${s.columns.map(([c]) => q(c)).join(", ")}) ` +
        `VALUES (${s.columns.map(([c]) => lit(r[c] ?? null)).join(", ")})`,
    );
}

/** Creates the tables and views in `engine` and returns retrieval ports over them, with their semantic model. */
export async function specPorts(
  engine: SqlEngine,
  specs: readonly Spec[],
  options: { reasoner?: Reasoner; llm?: LlmPort | null; views?: readonly ViewSpec[]; semantic?: boolean } = {},
): Promise<RetrievalPorts> {
  const encoder = createHashedEncoder();
  const metas: TableMeta[] = [];
  const tables: RetrievalTable[] = [];
  const joinColumns = [];
  const cells = [];
  const viewSql = new Map<string, string>();
  for (const s of specs) createTable(engine, s);
  for (const v of options.views ?? []) {
    const sql = `CREATE VIEW ${q(v.name)} AS ${v.select}`;
    engine.exec(sql);
    viewSql.set(v.name, sql);
  }
  const all = [
    ...specs.map((s) => ({ ...s, isView: false })),
    ...(options.views ?? []).map((v) => ({ name: v.name, columns: v.columns, fks: [], isView: true })),
  ];
  for (const s of all) {
    const rowCount = Number(engine.rows(`SELECT count(*) FROM ${q(s.name)}`)[0][0]);
    const columns: ColumnMeta[] = s.columns.map(([c, t, pk], i) => ({
      name: c,
      sqlName: c,
      type: t,
      position: i,
      isPrimaryKey: !!pk,
      nullable: !pk,
    }));
    const meta: TableMeta = {
      name: s.name,
      sqlName: s.name,
      schemaName: "main",
      source: "sqlite",
      sourceFile: "sample.sqlite",
      isView: s.isView,
      rowCount,
      columns,
      foreignKeys: s.fks ?? [],
      layout: null,
      notes: [],
    };
    metas.push(meta);
    const fcols: RetrievalTable["columns"] = [];
    for (const c of columns) {
      const values = engine.rows(`SELECT ${q(c.sqlName)} FROM ${q(s.name)}`).map((r) => r[0] as string | number | null);
      const profile = profileColumn(c.type, values);
      const described = describeColumn(s.name, c, profile);
      fcols.push({
        column: c.sqlName,
        name: c.name,
        type: c.type,
        isPrimaryKey: c.isPrimaryKey,
        expandedName: described.expandedName,
        description: described.description,
        profile,
      });
      joinColumns.push({
        table: s.name,
        column: c.sqlName,
        name: c.name,
        type: c.type,
        description: described.description,
        uniqueness: profile.uniqueness,
        sketch: valueSketch(values),
      });
      if (c.type === "text" || c.type === "date") {
        const rowid = s.isView ? "NULL" : "group_concat(rowid)";
        const grouped = engine.rows(
          `SELECT ${q(c.sqlName)}, count(*), ${rowid} FROM ${q(s.name)} WHERE ${q(c.sqlName)} IS NOT NULL GROUP BY 1`,
        );
        cells.push({
          table: s.name,
          column: c.sqlName,
          values: grouped.map((g) => ({
            value: String(g[0]),
            rowCount: Number(g[1]),
            ...(g[2] === null ? {} : { rowIds: String(g[2]).split(",").map(Number) }),
          })),
        });
      }
    }
    const td = describeTable(meta);
    tables.push({
      name: s.name,
      sqlRef: `"main".${q(s.name)}`,
      rowCount,
      hasRowId: !s.isView,
      ...(s.isView ? { isView: true } : {}),
      expandedName: td.expandedName,
      description: td.description,
      columns: fcols,
    });
  }
  const joins = await discoverJoins(joinColumns, { encoder });
  const graph = buildSchemaGraph({ tables: metas, joins });
  const { index } = await buildCellIndex(cells, { encoder, createIndex: bruteForceIndexFactory });
  const semantic =
    options.semantic === false
      ? null
      : inferSemanticModel({
          graph,
          tables: tables.map((t) => ({
            name: t.name,
            isView: !!t.isView,
            rowCount: t.rowCount,
            viewSql: viewSql.get(t.name) ?? null,
            columns: t.columns.map((c) => ({ ...c, profile: c.profile ?? null })),
          })),
        });
  return {
    schema: { tables },
    graph,
    semantic,
    searchCells: (query, scope) =>
      searchCells(index, query, {
        columns: scope.columns,
        topN: scope.topN,
        threshold: scope.threshold,
        maxHits: scope.maxHits,
      }),
    runSql: async (sql, opts = {}) => {
      // A stand-in for the server's guard: one SELECT only, row cap.
      if (!/^\s*(select|with)\b/i.test(sql) || /;\s*\S/.test(sql.replace(/'(?:[^']|'')*'/g, "''")))
        throw new Error("only one SELECT may run");
      const start = performance.now();
      const rows = engine.rows(sql);
      const cap = opts.maxRows ?? 1000;
      return { columns: [], rows: rows.slice(0, cap), truncated: rows.length > cap, ms: performance.now() - start };
    },
    llm: options.llm ?? null,
    reasoner: options.reasoner ?? "local",
  };
}
