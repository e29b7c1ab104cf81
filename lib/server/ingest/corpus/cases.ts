import { CSV_CASES } from "./cases-csv";
import { SQLITE_CASES } from "./cases-sqlite";
import { SCHEMA_CASES } from "./cases-sqlite-schemas";
import { XLSX_CASES } from "./cases-xlsx";

import type { CorpusCase } from "./case-helpers";

export type { CorpusCase };

/** Every case of the malformed-input corpus, one file per class (the type documents what a case holds). */
export const CORPUS: CorpusCase[] = [...CSV_CASES, ...XLSX_CASES, ...SQLITE_CASES, ...SCHEMA_CASES];
