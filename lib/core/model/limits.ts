/**
 * Limits that several layers enforce (the API refuses, the form warns, the core cuts): declared
 * once so they cannot drift apart. Every refusal or cut names its limit by the constant's name
 * (`MAX_NAME_CHARS`), which the README's limits table lists with what a user sees.
 */

/** Longest question read, in characters: the ask API refuses longer ones, a method cuts them. */
export const MAX_QUESTION_CHARS = 2000;

/**
 * Longest table or column name kept, in characters. A longer header (a 100,000-character CSV
 * header) is cut to this with a note; every algorithm on names works on the cut name.
 */
export const MAX_NAME_CHARS = 256;

/** Most tables (and views) in one dataset; a file or upload with more is refused with a 4xx. */
export const MAX_TABLES_PER_DATASET = 2000;

/** Most columns of one table (SQLite's own limit is 2,000). */
export const MAX_COLUMNS_PER_TABLE = 2000;

/** Most columns of all the tables of one dataset together. */
export const MAX_COLUMNS_PER_DATASET = 20_000;

/**
 * Most cells of an XLSX workbook, counted over the used range of every sheet (empty cells inside
 * it included: they become rows and NULLs). A larger workbook is refused; CSV has no such limit.
 */
export const MAX_WORKBOOK_CELLS = 5_000_000;

/**
 * Share of the JavaScript heap limit that reading a workbook may bring the heap to; past it the
 * read stops with a 4xx instead of the process running out of memory.
 */
export const MAX_WORKBOOK_HEAP_SHARE = 0.6;

/**
 * Most tables whose same-named primary keys are joined to one another by name (SGAM eq. 5). A key
 * name shared by more tables (3,000 tables keyed `a`) names no one entity: no such edges are
 * inferred for it, with a note, instead of one edge per pair.
 */
export const MAX_SAME_NAME_KEY_TABLES = 20;

/**
 * HELIOS: most edges edge retrieval (k1) and reranking (k2) keep. Their trace events list every
 * kept edge, and a trace event holds at most 1,000 (TRACE_LIMITS.edges): 1,001 failed every run.
 */
export const HELIOS_MAX_EDGES = 1000;

/**
 * HELIOS: widest node-expansion beam b. Each seed scores every node of the other side of G_d
 * (every row, for a passage seed), so b multiplies the stage's cost: 20 is twice the paper's 10.
 */
export const HELIOS_MAX_BEAM = 20;

/**
 * Most join candidates join discovery keeps per column (its strongest, by ω). Thousands of
 * same-named key columns would otherwise give one candidate per pair: millions, all stored.
 */
export const MAX_JOINS_PER_COLUMN = 50;

/**
 * Most join candidates join discovery keeps for a dataset (its strongest, by ω; declared keys
 * always): what the scorer, the stored index and the schema graph's edges are bounded by.
 */
export const MAX_JOIN_CANDIDATES = 2000;

/** Largest ordinary JSON request body (a question, an edge, a rename), cut while it streams in. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** Largest curated schema-graph file imported (an export can be larger than an ordinary body). */
export const MAX_GRAPH_IMPORT_BYTES = 5 * 1024 * 1024;

/** Longest SQL statement the guard reads (the SQL box, an answer's SQL, a question set's gold SQL), in characters. */
export const MAX_SQL_LENGTH = 20_000;

/**
 * Most tokens (words, numbers, operators) in one SQL statement. A 6,000-term `1+1+…` overflowed
 * the stack of the statement check; the guard counts tokens in one linear pass before any parse.
 */
export const MAX_SQL_TOKENS = 5_000;

/** Deepest nesting of parentheses and CASE … END in one SQL statement (counted in the same pass). */
export const MAX_SQL_NESTING = 40;

/**
 * How long the statement check (the parse and the compiled-program look) may take, in ms. The parser
 * backtracks exponentially on some deeply nested statements (`SELECT (SELECT (SELECT …`): the check
 * runs in the SQL process, and one that overruns is stopped there (the process is ended) and refused.
 */
export const MAX_SQL_CHECK_MS = 2_000;

/** Time limit of one statement the SQL box or an answer runs, in ms, measured in the process that runs it. */
export const SQL_TIME_LIMIT_MS = 5_000;

/** Most rows a guarded statement returns (the SQL box, an answer); the rest is cut, and the result says so. */
export const SQL_MAX_ROWS = 1_000;

/**
 * Most rows one CSV export of a table or a filtered grid writes (read page by page, each page in an
 * SQL process under the grid's time limit); the export stops there, and the grid's button says so.
 */
export const MAX_EXPORT_ROWS = 1_000_000;

/**
 * Most bytes (UTF-8) of cell text a guarded statement returns; the result is cut at it, and says so. A
 * 100 MB string used to travel whole to the server's main thread (which then waited seconds).
 */
export const MAX_SQL_RESULT_BYTES = 4 * 1024 * 1024;

/** Most entries of one dataset's glossary: each is matched against every question. */
export const MAX_GLOSSARY_ENTRIES = 500;

/** Longest glossary phrase, in characters. */
export const MAX_GLOSSARY_PHRASE_CHARS = 100;

/** Longest glossary value or note, in characters. */
export const MAX_GLOSSARY_TEXT_CHARS = 500;

/**
 * How long a re-import waits for the reads of its dataset's file (a grid page, the SQL box, a
 * question's statement; the file's indexing is cancelled first) before it answers 409 database_busy.
 */
export const REIMPORT_WAIT_MS = 30_000;
