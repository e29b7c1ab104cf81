// One question's score: exact match of the answer and, when a gold query exists, schema and cell
// retrieval against the gold query's columns and cells (FGTR §5.1, gold per its Appendix B).
import { answerMatches } from "./answer-match";
import type { GoldSql } from "./gold-sql";
import { scoreSets, type SetScore } from "./set-scores";

/** "table.column" keys (lowercased) of a method's columns, display table names mapped to SQL names. */
export function columnKeys(
  refs: ReadonlyArray<{ table: string; column: string }>,
  tableName: (display: string) => string,
): string[] {
  return refs.map((r) => `${tableName(r.table).toLowerCase()}.${r.column.toLowerCase()}`);
}

/** Runs one read-only query and returns its rows (the caller decides where: a file, a worker pool). */
export type RunRows = (sql: string) => Promise<unknown[][]>;

/**
 * Gold cells "table.column|rowid" of a gold query: each branch's rows (its SELECT list replaced by
 * row ids) × the gold columns of each of its tables. Null when no branch could run.
 */
export async function goldCellKeys(gold: GoldSql, runRows: RunRows): Promise<Set<string> | null> {
  const cells = new Set<string>();
  let ran = 0;
  for (const b of gold.branches) {
    let rows: unknown[][];
    try {
      rows = await runRows(b.sql);
      ran++;
    } catch {
      continue;
    }
    for (const row of rows)
      b.tables.forEach((t, i) => {
        for (const col of gold.columns) if (col.startsWith(`${t}.`)) cells.add(`${col}|${row[i]}`);
      });
  }
  return ran ? cells : null;
}

/** A sub-table a method built: its columns and row ids (null = every row of the table). */
export type SubTableRef = { table: string; columns: string[]; rowIds: number[] | null };

/** Predicted cells "table.column|rowid" of sub-tables; one with every row expands to the table's row ids. */
export async function predictedCellKeys(
  subTables: readonly SubTableRef[],
  tableName: (display: string) => string,
  runRows: RunRows,
): Promise<Set<string>> {
  const out = new Set<string>();
  for (const s of subTables) {
    const t = tableName(s.table).toLowerCase();
    const ids = s.rowIds ?? (await runRows(`SELECT rowid FROM "${t.replace(/"/g, '""')}"`)).map((r) => Number(r[0]));
    for (const c of s.columns) for (const id of ids) out.add(`${t}.${c.toLowerCase()}|${id}`);
  }
  return out;
}

/** What is known of one question and one method's answer to it. */
export type QuestionScoreInput = {
  goldAnswer: readonly unknown[] | null;
  values: readonly unknown[];
  /** The answer's SQL result rows, when it ran SQL: the gold may be one column of them (answer-match.ts). */
  rows?: ReadonlyArray<ReadonlyArray<unknown>> | null;
  goldColumns?: ReadonlySet<string> | null;
  predictedColumns?: readonly string[];
  goldCells?: ReadonlySet<string> | null;
  predictedCells?: ReadonlySet<string> | null;
};

export type QuestionScore = { correct: boolean | null; schema?: SetScore; cells?: SetScore };

/** Scores one answer: answer match (null without gold), schema scores with gold columns, cells with gold cells. */
export function scoreQuestion(input: QuestionScoreInput): QuestionScore {
  const out: QuestionScore = {
    correct: input.goldAnswer ? answerMatches(input.goldAnswer, { values: input.values, rows: input.rows }) : null,
  };
  if (input.goldColumns?.size) out.schema = scoreSets(new Set(input.predictedColumns ?? []), input.goldColumns);
  if (input.goldColumns?.size && input.goldCells?.size && input.predictedCells)
    out.cells = scoreSets(input.predictedCells, input.goldCells);
  return out;
}
