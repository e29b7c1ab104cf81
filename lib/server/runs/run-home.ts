import "server-only";
import { getCompare } from "@/lib/server/stores/compares";
import { getRunSummary } from "@/lib/server/stores/runs";

/**
 * Where a page address naming a run (`?run=`) or a compare (`?compare=`) of another dataset
 * belongs: that dataset's own page, so a run is never shown under another dataset's title. Null
 * when the address is already right, or names nothing stored (the page then says so).
 */
export async function runHomeAddress(
  datasetId: string,
  search: { run?: string | string[]; compare?: string | string[] },
): Promise<string | null> {
  const at = (owner: string, page: "ask" | "compare", key: "run" | "compare", id: string) =>
    owner === datasetId ? null : `/datasets/${encodeURIComponent(owner)}/${page}?${new URLSearchParams({ [key]: id })}`;
  if (typeof search.run === "string" && search.run) {
    const run = await getRunSummary(search.run);
    return run ? at(run.datasetId, "ask", "run", search.run) : null;
  }
  if (typeof search.compare === "string" && search.compare) {
    const compare = await getCompare(search.compare);
    return compare ? at(compare.datasetId, "compare", "compare", search.compare) : null;
  }
  return null;
}
