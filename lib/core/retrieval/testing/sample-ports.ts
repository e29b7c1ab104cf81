/**
 * Test support (not used by shipped code): FGTR ports over the sample schools dataset
 * (lib/core/sample/generate.ts) held in any SQLite engine the test passes in, with the offline
 * index built by the core index algorithms exactly as the server does.
 */
import { buildCellIndex } from "../../index/cell-index";
import { searchCells } from "../../index/cell-search";
import { describeColumn } from "../../index/describe-column";
import { describeTable } from "../../index/describe-table";
import { discoverJoins } from "../../index/join-discovery";
import { profileColumn } from "../../index/profile";
import { buildSchemaGraph } from "../../index/schema-graph";
import { valueSketch } from "../../index/value-sketch";
import { bruteForceIndexFactory } from "../../index/vector-index";
import type { ColumnMeta, ColumnType, TableMeta } from "../../model/dataset";
import type { LlmPort } from "../../reasoner/llm-port";
import { generateSample } from "../../sample/generate";
import { createHashedEncoder } from "../../text/hashed-encoder";
import type { CellValue, Reasoner } from "../../trace/atoms";
import type { RetrievalPorts, RetrievalTable } from "../ports";

/** The two calls the fixture needs from a SQLite engine (libsql's Database in tests). */
export type SqlEngine = { exec(sql: string): void; rows(sql: string): CellValue[][] };

type Row = Record<string, string | number | null>;
/** One table of a generated test database: its columns (name, type, primary key), rows and foreign keys. */
export type TableSpec = {
  name: string;
  columns: Array<[string, ColumnType, boolean?]>;
  rows: Row[];
  fks?: TableMeta["foreignKeys"];
};

function specs(): TableSpec[] {
  const d = generateSample();
  return [
    {
      name: "counties",
      columns: [
        ["county_id", "integer", true],
        ["name", "text"],
        ["region", "text"],
      ],
      rows: d.counties.map((c) => ({ county_id: c.id, name: c.name, region: c.region })),
    },
    {
      name: "districts",
      columns: [
        ["district_id", "integer", true],
        ["name", "text"],
        ["county_id", "integer"],
        ["kind", "text"],
      ],
      rows: d.districts,
      fks: [{ columns: ["county_id"], refTable: "counties", refColumns: ["county_id"] }],
    },
    {
      name: "schools",
      columns: [
        ["cds_code", "text", true],
        ["name", "text"],
        ["district_id", "integer"],
        ["city", "text"],
        ["funding", "text"],
        ["charter", "integer"],
        ["virtual", "text"],
        ["opened", "date"],
        ["phone", "text"],
      ],
      rows: d.schools,
      fks: [{ columns: ["district_id"], refTable: "districts", refColumns: ["district_id"] }],
    },
    {
      name: "satscores",
      columns: [
        ["cds", "text"],
        ["year", "text"],
        ["NumTstTakr", "integer"],
        ["AvgScrRead", "integer"],
        ["AvgScrMath", "integer"],
        ["AvgScrWrite", "integer"],
        ["NumGE1500", "integer"],
      ],
      rows: d.satScores,
      fks: [{ columns: ["cds"], refTable: "schools", refColumns: ["cds_code"] }],
    },
  ];
}

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
const lit = (v: string | number | null) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`;

/** Creates the sample tables in `engine` and returns FGTR ports over them. */
export async function samplePorts(
  engine: SqlEngine,
  options: { reasoner?: Reasoner; llm?: LlmPort | null; extraRows?: Partial<Record<string, Row[]>> } = {},
): Promise<RetrievalPorts> {
  return specPorts(engine, specs(), options);
}

/** Creates the tables of `tableSpecs` in `engine`, indexes them as the server does, and returns ports over them. */
export async function specPorts(
  engine: SqlEngine,
  tableSpecs: TableSpec[],
  options: { reasoner?: Reasoner; llm?: LlmPort | null; extraRows?: Partial<Record<string, Row[]>> } = {},
): Promise<RetrievalPorts> {
  const encoder = createHashedEncoder();
  const metas: TableMeta[] = [];
  const tables: RetrievalTable[] = [];
  const joinColumns = [];
  const cells = [];
  for (const s of tableSpecs) {
    const rows = [...s.rows, ...(options.extraRows?.[s.name] ?? [])];
    engine.exec(
      `CREATE TABLE ${q(s.name)} (${s.columns
        .map(
          ([c, t, pk]) =>
            `${q(c)} ${t === "integer" ? "INTEGER" : t === "real" ? "REAL" : "TEXT"}${pk ? " PRIMARY KEY" : ""}`,
        )
        .join(", ")})`,
    );
    for (const r of rows)
      engine.exec(
        `INSERT INTO ${q(s.name)} (${s.columns.map(([c]) => q(c)).join(", ")}) ` +
          `VALUES (${s.columns.map(([c]) => lit(r[c] ?? null)).join(", ")})`,
      );
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
      isView: false,
      rowCount: rows.length,
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
        const grouped = engine.rows(
          `SELECT ${q(c.sqlName)}, count(*), group_concat(rowid) FROM ${q(s.name)} WHERE ${q(c.sqlName)} IS NOT ` +
            `NULL GROUP BY 1`,
        );
        cells.push({
          table: s.name,
          column: c.sqlName,
          values: grouped.map((g) => ({
            value: String(g[0]),
            rowCount: Number(g[1]),
            rowIds: String(g[2]).split(",").map(Number),
          })),
        });
      }
    }
    const td = describeTable(meta);
    tables.push({
      name: s.name,
      sqlRef: `"main".${q(s.name)}`,
      rowCount: rows.length,
      hasRowId: true,
      expandedName: td.expandedName,
      description: td.description,
      columns: fcols,
    });
  }
  const joins = await discoverJoins(joinColumns, { encoder });
  const graph = buildSchemaGraph({ tables: metas, joins });
  const { index } = await buildCellIndex(cells, { encoder, createIndex: bruteForceIndexFactory });
  return {
    schema: { tables },
    graph,
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
      const all = engine.rows(sql);
      const cap = opts.maxRows ?? 1000;
      return { columns: [], rows: all.slice(0, cap), truncated: all.length > cap, ms: performance.now() - start };
    },
    llm: options.llm ?? null,
    reasoner: options.reasoner ?? "local",
  };
}
