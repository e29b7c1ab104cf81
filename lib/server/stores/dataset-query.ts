import "server-only";
import { type GuardedQueryOptions, type GuardedQueryResult, guardTargetOf, runGuardedSql } from "@/lib/server/sql";
import { SqlFailedError } from "@/lib/server/sql/errors";
import { getDataset } from "./datasets";

/**
 * runGuardedSql for a stored dataset by id (loads it): scripts and tests. A question's run uses its
 * context's target instead, and the SQL guard itself knows files, not stored datasets.
 */
export async function runGuardedQuery(
  datasetId: string,
  sql: string,
  options: GuardedQueryOptions = {},
): Promise<GuardedQueryResult> {
  const dataset = await getDataset(datasetId);
  if (!dataset) throw new SqlFailedError(`There is no dataset with id "${datasetId}".`);
  return runGuardedSql(guardTargetOf(datasetId, dataset), sql, options);
}
