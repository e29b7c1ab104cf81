import "server-only";
import pg from "pg";
import type { ColumnType, ForeignKey, TableMeta } from "@/lib/core/model/dataset";
import type { ConnectionErrorCode } from "@/lib/core/model/postgres-target";
import { judgeTextColumns } from "./column-types";
import { connectionErrorMessage, poolFor, scrub } from "./pool";

/** Why a catalog cannot be used (missing schema, no readable table): a 400 naming the cause. */
export class CatalogError extends Error {
  constructor(
    readonly code: ConnectionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Per-table count budget: past it the planner's estimate is used and flagged. */
const COUNT_MS = 1500;

export type CatalogTable = TableMeta & { rowCountEstimated: boolean };
export type Catalog = { tables: CatalogTable[]; notes: string[]; sizeBytes: number };

function columnType(typname: string): ColumnType {
  if (/^(int2|int4|int8|oid)$/.test(typname)) return "integer";
  if (/^(float4|float8|numeric|money)$/.test(typname)) return "real";
  if (/^(date|timestamp|timestamptz)$/.test(typname)) return "date";
  if (typname === "bool") return "boolean";
  if (typname === "bytea") return "binary";
  return "text";
}

/** A catalog query with the driver's own parsers (booleans, arrays), not the cell parsers of data reads. */
function native<R extends pg.QueryResultRow>(c: pg.PoolClient, text: string, values: unknown[]) {
  return c.query<R>({ text, values, types: pg.types });
}

type RelRow = { oid: number; nspname: string; relname: string; relkind: string; reltuples: number; size: string };

/** One read-only, time-limited session on the URL; connection failures become messages naming the cause. */
async function withReadOnly<T>(url: string, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await poolFor(url).connect();
  } catch (err) {
    const e = connectionErrorMessage(err, url);
    throw new CatalogError(e.code, e.message);
  }
  try {
    await client.query("BEGIN TRANSACTION READ ONLY");
    await client.query("SET LOCAL statement_timeout = 8000");
    return await fn(client);
  } catch (err) {
    if (err instanceof CatalogError) throw err;
    const e = connectionErrorMessage(err, url);
    throw new CatalogError(e.code, scrub(e.message, url));
  } finally {
    await client.query("ROLLBACK").catch(() => {});
    client.release();
  }
}

/**
 * Reads the catalog of the given schemas: tables, views and materialized views the user may
 * SELECT, their columns and types, declared primary and foreign keys and comments, and a row
 * count (exact within COUNT_MS, else the planner's estimate, flagged).
 */
export async function readCatalog(url: string, schemas: string[]): Promise<Catalog> {
  return withReadOnly(url, async (c) => {
    const found = await native<{ nspname: string; usable: boolean }>(
      c,
      "SELECT nspname, has_schema_privilege(oid, 'USAGE') AS usable FROM pg_namespace WHERE nspname = ANY($1)",
      [schemas],
    );
    const missing = schemas.filter((s) => !found.rows.some((r) => r.nspname === s));
    if (missing.length)
      throw new CatalogError("no_schema", `Schema ${missing.map((s) => `"${s}"`).join(", ")} does not exist.`);
    const barred = found.rows.filter((r) => !r.usable).map((r) => `"${r.nspname}"`);
    if (barred.length) throw new CatalogError("no_privilege", `The user may not use schema ${barred.join(", ")}.`);
    const rels = await native<RelRow & { readable: boolean; comment: string | null }>(
      c,
      `SELECT c.oid, n.nspname, c.relname, c.relkind, c.reltuples, pg_total_relation_size(c.oid)::text AS size,
              has_table_privilege(c.oid, 'SELECT') AS readable, obj_description(c.oid, 'pg_class') AS comment
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
        ORDER BY n.nspname, c.relname`,
      [schemas],
    );
    const unreadable = rels.rows.filter((r) => !r.readable);
    const readable = rels.rows.filter((r) => r.readable);
    if (!readable.length) {
      const why = unreadable.length
        ? `the user has no SELECT right on any of its ${unreadable.length} tables`
        : "it holds no tables or views";
      throw new CatalogError(unreadable.length ? "no_privilege" : "no_tables", `Schema ${schemas.join(", ")}: ${why}.`);
    }
    const notes = unreadable.length
      ? [`${unreadable.length} tables left out: no SELECT right (${unreadable.map((r) => r.relname).join(", ")}).`]
      : [];
    const oids = readable.map((r) => r.oid);
    const cols = await native<{
      attrelid: number;
      attname: string;
      typname: string;
      attnotnull: boolean;
      comment: string | null;
    }>(
      c,
      `SELECT a.attrelid, a.attname, t.typname, a.attnotnull, col_description(a.attrelid, a.attnum) AS comment
         FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
        WHERE a.attrelid = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attrelid, a.attnum`,
      [oids],
    );
    type Con = { conrelid: number; contype: string; cols: string[]; reftable: number; refcols: string[] };
    const cons = await native<Con>(
      c,
      `SELECT k.conrelid, k.contype, k.confrelid AS reftable,
              ARRAY(SELECT attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
                    JOIN pg_attribute ON attrelid = k.conrelid AND attnum = u.n ORDER BY u.i)::text[] AS cols,
              ARRAY(SELECT attname FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
                    JOIN pg_attribute ON attrelid = k.confrelid AND attnum = u.n ORDER BY u.i)::text[] AS refcols
         FROM pg_constraint k WHERE k.conrelid = ANY($1) AND k.contype IN ('p', 'f')`,
      [oids],
    );
    const nameCount = new Map<string, number>();
    for (const r of readable) nameCount.set(r.relname, (nameCount.get(r.relname) ?? 0) + 1);
    const display = new Map(
      readable.map((r) => [r.oid, (nameCount.get(r.relname) ?? 0) > 1 ? `${r.nspname}.${r.relname}` : r.relname]),
    );
    const tables: CatalogTable[] = [];
    for (const r of readable) {
      const pk = cons.rows.find((k) => k.conrelid === r.oid && k.contype === "p")?.cols ?? [];
      const foreignKeys: ForeignKey[] = cons.rows
        .filter((k) => k.conrelid === r.oid && k.contype === "f" && display.has(k.reftable))
        .map((k) => ({ columns: k.cols, refTable: display.get(k.reftable)!, refColumns: k.refcols }));
      const own = cols.rows.filter((x) => x.attrelid === r.oid);
      const texts = own.filter((x) => /^(text|varchar|bpchar|name|citext)$/.test(x.typname)).map((x) => x.attname);
      const judged = await judgeTextColumns(c, { schema: r.nspname, name: r.relname }, texts);
      const tableNotes = [
        ...(r.comment ? [`Comment: ${r.comment}`] : []),
        ...own.filter((x) => x.comment).map((x) => `Column "${x.attname}": ${x.comment}`),
      ];
      const { rowCount, estimated } = await countRows(c, r);
      if (estimated) tableNotes.push("Row count is PostgreSQL's estimate (counting took longer than allowed).");
      tables.push({
        name: display.get(r.oid)!,
        sqlName: r.relname,
        schemaName: r.nspname,
        source: "postgres",
        sourceFile: `${r.nspname}.${r.relname}`,
        isView: r.relkind === "v" || r.relkind === "m",
        rowCount,
        rowCountCut: false,
        rowCountEstimated: estimated,
        foreignKeys,
        layout: null,
        notes: tableNotes,
        columns: own.map((x, i) => ({
          name: x.attname,
          sqlName: x.attname,
          type: judged.get(x.attname) ?? columnType(x.typname),
          position: i,
          isPrimaryKey: pk.includes(x.attname),
          nullable: !x.attnotnull,
        })),
      });
    }
    const sizeBytes = readable.reduce((s, r) => s + Number(r.size), 0);
    return { tables, notes, sizeBytes };
  });
}

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

async function countRows(c: pg.PoolClient, r: RelRow): Promise<{ rowCount: number; estimated: boolean }> {
  await c.query("SAVEPOINT count_rows");
  try {
    await c.query(`SET LOCAL statement_timeout = ${COUNT_MS}`);
    const res = await c.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${q(r.nspname)}.${q(r.relname)}`);
    await c.query("RELEASE SAVEPOINT count_rows");
    await c.query("SET LOCAL statement_timeout = 8000");
    return { rowCount: Number(res.rows[0].n), estimated: false };
  } catch {
    await c.query("ROLLBACK TO SAVEPOINT count_rows");
    return { rowCount: Math.max(0, Math.round(r.reltuples)), estimated: true };
  }
}
