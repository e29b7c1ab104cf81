import "server-only";
import { describeColumn, describeTable } from "@/lib/core/index";
import type { TableMeta } from "@/lib/core/model/dataset";
import type { ColumnDescription, ColumnProfile, TableDescription } from "@/lib/core/model/index-types";
import { loadEnglishLexicon, type WordPredicate } from "@/lib/core/text";

/** What a writer is told about one table: its columns, key and each column's profile (by sqlName). */
type DescribeInput = { table: TableMeta; primaryKey: string[]; profiles: ReadonlyMap<string, ColumnProfile> };
type TableDescriptions = { table: TableDescription; columns: ColumnDescription[] };

/**
 * Writes FGTR's schema semantization one table at a time. `id` is stored with every description
 * it writes ("local", later "llm:<model>"), so the dataset page can say who wrote what.
 */
export interface DescriptionWriter {
  readonly id: string;
  describe(input: DescribeInput): Promise<TableDescriptions>;
}

/**
 * The deterministic writer: expanded names, profile and sample values (lib/core/index). Columns without a profile get
 * none.
 */
function localDescriptionWriter(isWord?: WordPredicate): DescriptionWriter {
  return {
    id: "local",
    async describe({ table, primaryKey, profiles }) {
      const columns: ColumnDescription[] = [];
      for (const c of table.columns) {
        const p = profiles.get(c.sqlName);
        if (p) columns.push(describeColumn(table.name, c, p, { isWord }));
      }
      return { table: describeTable(table, primaryKey, { isWord }), columns };
    },
  };
}

/**
 * The writer indexing uses. SEAM: the llm writer (AI SDK structured output, one call per table,
 * falling back to local on failure) belongs here once the reasoner spine exposes a configured
 * model to server code; until then every description is written locally.
 */
export async function descriptionWriter(): Promise<DescriptionWriter> {
  return localDescriptionWriter(await loadEnglishLexicon());
}
