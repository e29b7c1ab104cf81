import "server-only";

/** The SQL guard: one read-only SELECT, checked three ways, run off-thread with a time limit and a row cap. */
export {
  runGuardedSql,
  runCheckedSql,
  guardTargetOf,
  closeSqlPool,
  datasetFiles,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_ROWS,
  type GuardedQueryOptions,
  type GuardTarget,
  type SqlLane,
  type SqlParam,
  type GuardedQueryResult,
  type SqlCell,
} from "./guarded-query";
export { checkSql, MAX_SQL_LENGTH, type CheckedSql, type CheckOptions, type GuardTable } from "./check-sql";
export { precheckSql } from "./lexical";
export { READ_ONLY_PRAGMAS } from "./pragmas";
export {
  SqlGuardError,
  SqlRefusedError,
  SqlTimeoutError,
  SqlFailedError,
  isSqlGuardError,
  type SqlGuardErrorKind,
  type SqlRefusalReason,
} from "./errors";
export { ALLOWED_FUNCTIONS, ALLOWED_TABLE_FUNCTIONS } from "./allowed-functions";
