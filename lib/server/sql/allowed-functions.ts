import "server-only";

/**
 * The functions a guarded query may call: SQLite's core scalar, date, math, aggregate, window and
 * JSON functions (all pure). libsql ships far more — readfile(), writefile(), fsdir(),
 * sha3_query(), load_extension(), sqlite_dbpage… — some of which read or write arbitrary files
 * even on a read-only, query_only connection, so this is an allow-list, not a block-list.
 * Checked twice: on the parsed statement here, and on the compiled program in the worker.
 */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // core scalar
  "abs", "char", "coalesce", "concat", "concat_ws", "format", "glob", "hex", "ifnull", "iif", "instr", "length",
  "like", "likelihood", "likely", "lower", "ltrim", "max", "min", "nullif", "octet_length", "printf", "quote",
  "replace", "round", "rtrim", "sign", "soundex", "substr", "substring", "trim", "typeof", "unhex", "unicode",
  "unlikely", "upper", "regexp", "collate",
  // date and time
  "date", "time", "datetime", "julianday", "unixepoch", "strftime", "timediff", "current_date", "current_time", "current_timestamp",
  // math
  "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "ceiling", "cos", "cosh", "degrees", "exp", "floor",
  "ln", "log", "log10", "log2", "mod", "pi", "pow", "power", "radians", "sin", "sinh", "sqrt", "square", "tan", "tanh", "trunc",
  // aggregate
  "avg", "count", "group_concat", "string_agg", "sum", "total", "median", "mode", "stdev", "variance", "lower_quartile", "upper_quartile",
  // window
  "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value", "nth_value",
  // JSON (pure functions over values)
  "json", "json_array", "json_array_length", "json_extract", "json_group_array", "json_group_object", "json_object",
  "json_quote", "json_type", "json_valid", "json_insert", "json_replace", "json_set", "json_remove", "json_patch",
  "->", "->>",
  // string helpers of libsql's extension-functions
  "reverse", "leftstr", "rightstr", "charindex", "proper", "padl", "padr", "padc",
]);

/** Table-valued functions allowed in FROM. */
export const ALLOWED_TABLE_FUNCTIONS: ReadonlySet<string> = new Set(["json_each", "json_tree", "generate_series"]);

/**
 * Names refused wherever they appear as a bare word, even where the parser would not see a call
 * (a third line of defence next to the AST and the compiled-program checks).
 */
export const DENIED_WORDS: ReadonlySet<string> = new Set([
  "load_extension", "readfile", "writefile", "fsdir", "edit", "lsmode", "sha3_query", "sqlite_dbpage", "dbstat",
  "sqlite_stmt", "zipfile", "sqlar_compress", "sqlar_uncompress", "fts3_tokenizer", "sqlite3mc_config",
  "sqlite3mc_config_table", "sqlite3mc_codec_data", "sqlite_crypt", "sqlite_compileoption_get", "sqlite_compileoption_used",
  "pragma_function_list", "pragma_module_list", "libsql_vector_idx", "vector_top_k",
]);

/** Statement keywords that never belong in a read-only SELECT. */
export const FORBIDDEN_KEYWORDS: ReadonlySet<string> = new Set([
  "ATTACH", "DETACH", "PRAGMA", "VACUUM", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "REINDEX",
  "ANALYZE", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "UPSERT", "RETURNING",
]);
