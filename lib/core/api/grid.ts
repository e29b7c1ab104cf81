// The table grid: pages of rows and column facets.
// Declared once (no copies): the routes build these shapes and the client reads them.

/** A stored cell as the rows API returns it (blobs are never sent). */
export type GridCell = string | number | null;

/** One grid row: its rowid (null for views) and its cells as the file wrote them. */
export type GridRow = { rowId: number | null; values: GridCell[] };

/** GET /api/datasets/:id/tables/:table/rows. */
export type RowsPage = {
  total: number;
  /** The count stopped at its budget (a view that never ends): `total` is a lower bound. */
  totalCut?: boolean;
  offset: number;
  rows: GridRow[];
};

/**
 * GET /api/datasets/:id/tables/:table/facets?column=…: a column's most frequent values with their
 * counts among the rows the other columns' filters keep (most frequent first); `more` when there are others.
 */
export type ColumnFacet = {
  column: string;
  values: { value: GridCell; count: number }[];
  more: boolean;
};
