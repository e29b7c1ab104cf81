/** The cells a statement read in one table: the columns it names × the rows its conditions keep. */
export type TableCellsRead = {
  /** The table's SQL name, as the dataset lists it. */
  table: string;
  /** SQL names of the columns the statement names (every column for `*`). */
  columns: string[];
  rowIds: number[];
  /** More rows were read than `rowIds` lists. */
  cut: boolean;
};
