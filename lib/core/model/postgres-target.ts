/**
 * Where a connected dataset's data lives, as stored: the URL is either referenced from the
 * environment (`ref: "env:NAME"`) or encrypted with TABLESIGHT_SECRET; `display` holds what may be
 * shown (never the password); `schemas` are the PostgreSQL schemas included.
 */
export type PostgresTarget = {
  ref?: string;
  encrypted?: string;
  display: { host: string; port: number; database: string; user: string };
  schemas: string[];
};
