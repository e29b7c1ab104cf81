import type { PostgresTarget } from "@/lib/core/model/postgres-target";

/** One query as the pool sends it to an SQL worker (./sql-worker.ts). */
export type QueryMessage = {
  /** The dataset's files; `postgres` when its data lives in a connected PostgreSQL (never sent to a worker). */
  files: { main: string; attachments: Array<{ alias: string; uri: string }>; postgres?: PostgresTarget };
  sql: string;
  maxRows: number;
  params: Array<string | number | null>;
  /** Soft time budget: the worker stops stepping rows after this long and answers with what it has. */
  budgetMs?: number;
  /** Count the rows (up to maxRows) instead of returning them. */
  countOnly?: boolean;
  /** SQL the server built itself from quoted names (imports, indexing): the compiled-program check is skipped. */
  internal?: boolean;
  /** Prepare only: answer the result's columns and their origins, read no row. */
  describeOnly?: boolean;
};

/** The stored column a result column reads as it is: its schema ("main", an attach alias), table and column. */
export type ColumnOrigin = { database: string; table: string; column: string };

/** What the worker answers for one query. */
export type WorkerReply =
  | {
      ok: true;
      columns: string[];
      /** Per result column, the stored column it reads unchanged (null for an expression); SQLite only. */
      origins?: Array<ColumnOrigin | null>;
      rows: unknown[][];
      truncated: boolean;
      ms: number;
      rowCount: number;
      stoppedBy: "rows" | "time" | null;
    }
  | { ok: false; kind: "refused" | "failed" | "interrupted"; reason?: string; message: string };
