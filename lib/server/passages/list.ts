import "server-only";
import { HttpError } from "@/lib/server/http/errors";
import { getDataset } from "@/lib/server/stores/datasets";
import { allLinks, passageIdOfNode, passageNode, passagesById, searchPassages } from "./store";
import { notFound } from "@/lib/server/http/not-found";

/** Longest text shown per passage in a list; the full text is one click away. */
const PREVIEW_CHARS = 600;

export type { PassageListItem } from "@/lib/core/api/passages";
import type { PassageListItem } from "@/lib/core/api/passages";

/** A page of a dataset's passages matching `q`, each with the rows it is linked to. */
export async function listPassages(
  datasetId: string,
  q: string,
  offset: number,
  limit: number,
  ids?: string[],
): Promise<{ total: number; offset: number; passages: PassageListItem[] }> {
  if (!(await getDataset(datasetId))) throw notFound("dataset", datasetId);
  const page = ids ? await byNodeIds(datasetId, ids) : await searchPassages(datasetId, q.trim(), offset, limit);
  const links = await allLinks(datasetId);
  const byPassage = new Map<number, PassageListItem["links"]>();
  for (const l of links)
    byPassage.set(l.passageId, [
      ...(byPassage.get(l.passageId) ?? []),
      { table: l.table, rowId: l.rowId, kind: l.kind, column: l.column },
    ]);
  const full = Boolean(ids);
  return {
    total: page.total,
    offset,
    passages: page.passages.map((p) => ({
      id: passageNode(p.id),
      title: p.title,
      preview: full ? p.text : p.text.slice(0, PREVIEW_CHARS),
      length: p.text.length,
      url: p.url,
      aliases: p.aliases,
      source: p.source,
      links: byPassage.get(p.id) ?? [],
    })),
  };
}

/** Passages named by node id ("p:12"), with their whole text (the star view reads them). */
async function byNodeIds(datasetId: string, ids: string[]) {
  const nums = ids.filter((id) => /^p:\d+$/.test(id)).map(passageIdOfNode);
  if (nums.length !== ids.length) throw new HttpError("invalid_request", "Passage ids look like p:12.", 400);
  const passages = await passagesById(datasetId, nums);
  return { total: passages.length, passages };
}
