import "server-only";
import type { ConnectionErrorCode } from "@/lib/core/model/postgres-target";
import type { NotFoundCode } from "./not-found";

/**
 * Every error code the API answers with (the `code` of the JSON error body), so a client can switch
 * on them and a typo fails the type check. Import errors name their file type (csv_, xlsx_, sqlite_).
 */
export type ErrorCode =
  | NotFoundCode
  | ConnectionErrorCode
  | "invalid_request"
  | "invalid_params"
  | "invalid_question"
  | "unknown_method"
  | "unknown_reasoner"
  | "invalid_json"
  | "unsupported_media_type"
  | "body_too_large"
  | "reasoner_unavailable"
  | "index_not_ready"
  | "read_timeout"
  | "missing_edge_id"
  | "missing_entry_id"
  | "invalid_glossary_entry"
  | "invalid_semantic_edit"
  | "duplicate_phrase"
  | "invalid_edge"
  | "duplicate_edge"
  | "invalid_import"
  | "import_refused"
  | "no_row_ids"
  | "bad_filter"
  | "filters_unsupported"
  | "sql_refused"
  | "sql_timeout"
  | "sql_failed"
  | "not_binary"
  | "unknown_column"
  | "unknown_table"
  | "no_tables"
  | "no_passages"
  | "not_reimportable"
  | "bad_header_rows"
  | "bad_dialect"
  | "source_not_kept"
  | "sheet_missing"
  | "not_multipart"
  | "bad_multipart"
  | "no_files"
  | "too_many_files"
  | "file_too_large"
  | "upload_too_large"
  | "upload_interrupted"
  | "unsupported_type"
  | "too_many_columns"
  | "too_many_tables"
  | "xlsx_too_many_cells"
  | "xlsx_out_of_memory"
  | "csv_empty"
  | "csv_not_text"
  | "csv_unreadable"
  | "csv_bad_quotes"
  | "csv_row_too_long"
  | "csv_cell_too_large"
  | "xlsx_empty"
  | "xlsx_invalid"
  | "xlsx_encrypted"
  | "xlsx_too_large"
  | "sqlite_empty"
  | "sqlite_invalid"
  | "sqlite_corrupt"
  | "invalid_methods"
  | "invalid_constraints"
  | "constraints_unsupported"
  | "no_questions"
  | "empty_question_set"
  | "not_utf8"
  | "invalid_vote"
  | "run_not_answered"
  | "no_alternative"
  | "alternative_without_program"
  | "method_without_readings"
  | "batch_running"
  | "base_url_is_this_app"
  | "key_bound_to_url"
  | "database_busy"
  | "glossary_full";

/** An error whose message is safe and useful to show to the person who caused it (400 unless said). */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}
