import "server-only";
import { quoteIdent } from "@/lib/core/ingest/identifiers";
import type { TableMeta } from "@/lib/core/model/dataset";

/**
 * What the grid reads of each column: the value, or for a binary column its size in bytes (the
 * bytes themselves are downloaded one cell at a time; see binary-cells.ts).
 */
export function gridSelectList(table: TableMeta, engine: "sqlite" | "postgres"): string {
  return table.columns
    .map((c) => {
      const q = quoteIdent(c.sqlName);
      if (c.type !== "binary") return q;
      return engine === "postgres"
        ? `length(${q})`
        : `CASE WHEN ${q} IS NULL THEN NULL ELSE length(CAST(${q} AS BLOB)) END`;
    })
    .join(", ");
}
