import "server-only";
import { mkdir } from "node:fs/promises";
import { nanoid } from "nanoid";
import { z } from "zod";
import { datasetDir } from "@/lib/server/config";
import { HttpError } from "@/lib/server/http/errors";
import { indexAfterImport } from "@/lib/server/index/queue";
import { datasetChanged } from "@/lib/server/process/dataset-caches";
import { getDataset, insertDataset, replaceDatasetTables } from "@/lib/server/stores/datasets";
import { CatalogError, readCatalog, type CatalogTable } from "./catalog";
import { canStoreSecrets } from "./secrets";
import { ConnectionInputError, openTarget, sealTarget, urlOfInput } from "./target";

const SCHEMA_NAME = /^[^\u0000-\u001f"]{1,63}$/;

/** The body of POST /api/datasets/connect. */
export const connectBody = z.object({
  name: z.string().trim().min(1, "The name cannot be empty").max(200, "The name is too long"),
  url: z.string().trim().min(1, "The connection URL is empty").max(2000, "The connection URL is too long"),
  schemas: z
    .array(z.string().trim().regex(SCHEMA_NAME, "A schema name is empty, too long or has quotes"))
    .min(1)
    .max(50)
    .default(["public"]),
});
export type ConnectBody = z.infer<typeof connectBody>;

type ConnectedTable = {
  name: string;
  isView: boolean;
  rowCount: number;
  rowCountEstimated: boolean;
  columns: Array<{ name: string; type: string }>;
};
export type ConnectedDataset = {
  id: string;
  name: string;
  kind: "postgres";
  tables: ConnectedTable[];
  notes: string[];
};

/** What the UI needs to know before a connection is typed: whether URLs can be stored encrypted. */
export function connectionPolicy(): { secretConfigured: boolean } {
  return { secretConfigured: canStoreSecrets() };
}

function asHttp(err: unknown): unknown {
  if (err instanceof ConnectionInputError || err instanceof CatalogError) return new HttpError(err.code, err.message);
  return err;
}

/**
 * Connects a PostgreSQL database as a dataset: the catalog of its schemas is read (nothing is
 * copied), the connection is stored as an env reference or encrypted, and indexing starts in the
 * background from bounded samples. A connection that fails stores nothing.
 */
export async function connectDataset(body: ConnectBody): Promise<ConnectedDataset> {
  const isRef = body.url.startsWith("env:");
  if (!isRef && !canStoreSecrets())
    throw new HttpError(
      "secret_missing",
      "TABLESIGHT_SECRET is not set, so a connection URL cannot be stored safely. Put the URL in an " +
        "environment variable of the server and connect with env:NAME (for example env:PGURL_SALES).",
    );
  try {
    const url = urlOfInput(body.url);
    const catalog = await readCatalog(url, body.schemas);
    const storage = { main: "", attachments: [], postgres: sealTarget(body.url, body.schemas) };
    const id = nanoid(12);
    await mkdir(datasetDir(id), { recursive: true });
    await insertDataset({
      id,
      name: body.name,
      sizeBytes: catalog.sizeBytes,
      storage,
      tables: catalog.tables,
      notes: catalog.notes,
    });
    indexAfterImport(id);
    return { id, name: body.name, kind: "postgres", tables: catalog.tables.map(shownTable), notes: catalog.notes };
  } catch (err) {
    throw asHttp(err);
  }
}

function shownTable(t: CatalogTable): ConnectedTable {
  return {
    name: t.name,
    isView: t.isView,
    rowCount: t.rowCount,
    rowCountEstimated: t.rowCountEstimated,
    columns: t.columns.map((c) => ({ name: c.name, type: c.type })),
  };
}

/**
 * Re-reads a connected dataset's catalog (tables added, dropped or altered since) and replaces its
 * tables; the caller re-indexes. Does nothing for uploaded datasets. Returns whether it re-read.
 */
export async function refreshCatalog(id: string): Promise<boolean> {
  const dataset = await getDataset(id);
  const target = dataset?.storage.postgres;
  if (!target) return false;
  try {
    const catalog = await readCatalog(openTarget(target), target.schemas);
    await replaceDatasetTables(id, catalog.tables, catalog.sizeBytes);
    datasetChanged(id);
    return true;
  } catch (err) {
    throw asHttp(err);
  }
}
