import type { PostgresTarget } from "@/lib/core/model/postgres-target";

/** A table a statement may read: its schema ("main" or an attach alias) and SQL name. */
export type GuardTable = { schema: string; name: string };

/**
 * What the worker checks before it runs user or model SQL: the statement's tables against these
 * (null: any table but SQLite's own), and whether the parser's look is made (`ast: false` after it
 * overran once: the compiled program alone decides).
 */
export type GuardSpec = { tables: GuardTable[] | null; ast?: boolean };

/** One query as the pool sends it to an SQL worker (./sql-worker.ts). */
export type QueryMessage = {
  type?: "query";
  /** The dataset's files; `postgres` when its data lives in a connected PostgreSQL (never sent to a worker). */
  files: { main: string; attachments: Array<{ alias: string; uri: string }>; postgres?: PostgresTarget };
  sql: string;
  maxRows: number;
  params: Array<string | number | null>;
  /** Time limit of the statement, measured by the worker from when it starts running it. */
  timeoutMs?: number;
  /** Soft time budget: the worker stops stepping rows after this long and answers with what it has. */
  budgetMs?: number;
  /** Count the rows (up to maxRows) instead of returning them. */
  countOnly?: boolean;
  /** Most bytes of cell text returned (MAX_SQL_RESULT_BYTES for user and model SQL); the result is cut there. */
  maxBytes?: number;
  /** SQL the server built itself from quoted names (imports, indexing): the compiled-program check is skipped. */
  internal?: boolean;
  /** Prepare only: answer the result's columns and their origins, read no row. */
  describeOnly?: boolean;
  /** User or model SQL: checked in the worker (parse, compiled program, tables) under MAX_SQL_CHECK_MS. */
  guard?: GuardSpec;
};

/** The stored column a result column reads as it is: its schema ("main", an attach alias), table and column. */
export type ColumnOrigin = { database: string; table: string; column: string };

/** The parser's look alone (a PostgreSQL dataset's statement, which no SQLite connection can compile). */
export type CheckMessage = { type: "check"; sql: string; tables: GuardTable[] | null };

/** A gold or SQL-box statement's columns and row-id branches (lib/core/eval/gold-sql.ts), read in the worker. */
export type AnalyzeMessage = { type: "analyze"; sql: string; schema: Array<[string, string[]]> };

export type SqlWorkerTask = QueryMessage | CheckMessage | AnalyzeMessage;

/** Which part of a task the worker has begun: the pool times each against its own limit. */
export type PhaseMessage = { type: "phase"; queryId: number; phase: "check" | "run" };

/** What the worker answers for one query. */
export type WorkerReply =
  | {
      ok: true;
      columns: string[];
      /** Per result column, the stored column it reads unchanged (null for an expression); SQLite only. */
      origins?: Array<ColumnOrigin | null>;
      rows: unknown[][];
      truncated: boolean;
      /** How long the statement ran, measured in the worker (its time limit is measured the same way). */
      ms: number;
      rowCount: number;
      stoppedBy: "rows" | "time" | "bytes" | null;
      /** A check's statement as PostgreSQL runs it (transpiled here, under the check's time limit). */
      engineSql?: string;
    }
  | { ok: false; kind: "refused" | "failed" | "interrupted" | "timeout"; reason?: string; message: string };

/** What the worker answers for an analyze task. */
export type AnalyzeReply =
  | { ok: true; columns: string[]; branches: Array<{ sql: string; tables: string[] }> }
  | { ok: false; message: string };
