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

/** What the API says about a connected dataset's connection: where it goes, never its password. */
export type ConnectionInfo = {
  kind: "postgres";
  host: string;
  port: number;
  database: string;
  user: string;
  schemas: string[];
  /** "env:NAME" when the URL is read from the environment, else "encrypted". */
  stored: string;
  /** Rows per table the index is built from (INDEX_PG_SAMPLE_ROWS). */
  sampleRows: number;
};

/** Why connecting a database failed, as the API's error `code` says it. */
export type ConnectionErrorCode =
  | "secret_missing"
  | "env_unset"
  | "bad_url"
  | "auth_failed"
  | "no_database"
  | "unknown_host"
  | "refused"
  | "unreachable"
  | "timeout"
  | "dropped"
  | "connect_failed"
  | "no_privilege"
  | "no_schema"
  | "no_tables";
