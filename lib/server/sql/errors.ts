import "server-only";

/** How a guarded query ended when it did not return rows. */
export type SqlGuardErrorKind = "refused" | "timeout" | "failed";

/** Why a statement was refused before it ran. */
export type SqlRefusalReason =
  | "empty"
  | "too_long"
  | "too_complex"
  | "parse_error"
  | "multiple_statements"
  | "not_select"
  | "forbidden_keyword"
  | "forbidden_function"
  | "forbidden_table"
  | "writes";

/**
 * Base class of the SQL guard's errors. `code` is what a run's error event and the HTTP layer
 * show ("sql_refused", "sql_timeout", "sql_failed"); `kind` lets callers branch without
 * instanceof across bundles.
 */
export class SqlGuardError extends Error {
  constructor(
    readonly kind: SqlGuardErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "SqlGuardError";
  }
}

/** The statement is not one read-only SELECT the guard accepts; it never reached the database. */
export class SqlRefusedError extends SqlGuardError {
  constructor(
    readonly reason: SqlRefusalReason,
    message: string,
  ) {
    super("refused", "sql_refused", message);
    this.name = "SqlRefusedError";
  }
}

/** The statement ran past its time limit; the process running it was killed. */
export class SqlTimeoutError extends SqlGuardError {
  constructor(
    readonly timeoutMs: number,
    message = `The query was stopped after ${timeoutMs} ms (its time limit).`,
  ) {
    super("timeout", "sql_timeout", message);
    this.name = "SqlTimeoutError";
  }
}

/** SQLite rejected or failed the statement (unknown column, type error…), or its worker died. */
export class SqlFailedError extends SqlGuardError {
  constructor(message: string) {
    super("failed", "sql_failed", message);
    this.name = "SqlFailedError";
  }
}

export function isSqlGuardError(err: unknown): err is SqlGuardError {
  return err instanceof SqlGuardError;
}
