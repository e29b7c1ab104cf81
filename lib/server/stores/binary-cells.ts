import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { ColumnMeta, TableMeta } from "@/lib/core/model/dataset";
import type { DatasetStorage } from "@/db/schema";
import { notFound } from "@/lib/server/http/not-found";
import { datasetFiles, runCheckedSql, type SqlParam } from "@/lib/server/sql";
import { gridQueryMs, qualifiedTable } from "./rows";

/** Bytes read per round trip to the SQL worker (sent as hex: twice that in characters). */
const CHUNK_BYTES = 512 * 1024;

/**
 * One binary cell as a stream of its bytes, read a chunk at a time (memory stays at one chunk
 * whatever the cell's size), with its size for Content-Length. A 404 when the row is not there
 * or the cell is empty.
 */
export async function binaryCellStream(
  datasetId: string,
  storage: DatasetStorage,
  table: TableMeta,
  column: ColumnMeta,
  rowId: number,
): Promise<{ size: number; stream: ReadableStream<Uint8Array> }> {
  const postgres = Boolean(storage.postgres);
  const q = quoteIdent(column.sqlName);
  const from = `${qualifiedTable(table)} WHERE rowid = ?`;
  const read = async (sql: string, params: SqlParam[]) =>
    (
      await runCheckedSql(datasetFiles(datasetId, storage), sql, {
        internal: true,
        params,
        maxRows: 1,
        timeoutMs: gridQueryMs(),
        pool: "grid", // a download is browsing: it never waits in front of a question's SQL
      })
    ).rows;
  const [found] = await read(`SELECT ${postgres ? `length(${q})` : `length(CAST(${q} AS BLOB))`} FROM ${from}`, [
    rowId,
  ]);
  if (!found) throw notFound("row", String(rowId), table.name);
  if (found[0] === null) throw notFound("cell", `The ${column.name} of row ${rowId}`, table.name);
  const size = Number(found[0]);
  const chunk = postgres
    ? `SELECT encode(substring(${q}, ?, ?), 'hex') FROM ${from}`
    : `SELECT hex(substr(CAST(${q} AS BLOB), ?, ?)) FROM ${from}`;
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= size) return controller.close();
      const [row] = await read(chunk, [offset + 1, CHUNK_BYTES, rowId]);
      const bytes = Buffer.from(String(row?.[0] ?? ""), "hex");
      if (bytes.length === 0) return controller.close(); // the cell changed under us: stop, never loop
      offset += bytes.length;
      controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
    },
  });
  return { size, stream };
}
