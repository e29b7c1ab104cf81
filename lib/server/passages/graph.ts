import "server-only";
import { linkEntities } from "@/lib/core/methods/helios/entity-linking";
import { buildHeliosIndexInTurns, type HeliosIndex } from "@/lib/core/methods/helios/graph-index";
import { segmentId, type Passage } from "@/lib/core/methods/helios/types";
import { loadDataset } from "@/lib/server/stores/datasets";
import { readSegments } from "./segments";
import { allLinks, allPassages, passageNode, replaceLinks, toStoredLinks, type StoredPassage } from "./store";
import { datasetCache, datasetChanged } from "@/lib/server/process/dataset-caches";
import type { LoadedDataset } from "@/lib/server/methods/run-options";

const toPassage = (p: StoredPassage): Passage => ({
  id: passageNode(p.id),
  title: p.title,
  text: p.text,
  url: p.url,
  aliases: p.aliases,
});

/**
 * Early fusion for a stored dataset: reads every row as a segment, links cell values to the
 * passages' titles, aliases and URLs (lib/core/methods/helios/entity-linking) and stores the
 * edges, replacing the old ones. Run whenever the passages change (the tables never do).
 */
export async function relinkDataset(
  datasetId: string,
): Promise<{ links: number; linkedPassages: number; passages: number; truncated: boolean }> {
  const dataset = await loadDataset(datasetId);
  const { segments, truncated } = await readSegments(datasetId, dataset.storage, dataset.tables);
  const passages = (await allPassages(datasetId)).map(toPassage);
  const links = linkEntities(segments, passages);
  const rowOf = new Map(segments.map((s) => [s.id, { table: s.table, rowId: s.rowId }]));
  await replaceLinks(
    datasetId,
    toStoredLinks(links, (id) => rowOf.get(id)!),
  );
  // Every thread's G_d of the dataset is rebuilt on its next question.
  datasetChanged(datasetId);
  return {
    links: links.length,
    linkedPassages: new Set(links.map((l) => l.passage)).size,
    passages: passages.length,
    truncated,
  };
}

// G_d of the 8 most recently asked datasets (each holds every row and passage as vectors).
const cache = datasetCache<Promise<HeliosIndex>>("helios-index", { max: 8 });

/**
 * The dataset's G_d indexed for HELIOS, built once and kept until its passages change. A run
 * passes the dataset it already loaded.
 */
export function heliosIndexFor(datasetId: string, loaded?: LoadedDataset): Promise<HeliosIndex> {
  let index = cache.get(datasetId);
  if (!index) {
    index = buildIndex(datasetId, loaded);
    cache.set(datasetId, index);
    index.catch(() => cache.delete(datasetId));
  }
  return index;
}

async function buildIndex(datasetId: string, loaded?: LoadedDataset): Promise<HeliosIndex> {
  const dataset = loaded ?? (await loadDataset(datasetId));
  const { segments } = await readSegments(datasetId, dataset.storage, dataset.tables);
  const passages = (await allPassages(datasetId)).map(toPassage);
  const links = (await allLinks(datasetId)).map((l) => ({
    segment: segmentId(l.table, l.rowId),
    passage: passageNode(l.passageId),
    ...(l.column ? { column: l.column } : {}),
    kind: l.kind as "exact",
    score: l.score,
  }));
  // Built in turns: tokenising 50,000 rows at once would hold every other request for seconds.
  return buildHeliosIndexInTurns({ segments, passages, links }, () => new Promise((resolve) => setImmediate(resolve)));
}

export type { BipartiteView } from "@/lib/core/api/passages";
import type { BipartiteView } from "@/lib/core/api/passages";

/** G_d for the browser: linked rows (labelled by their first text cell), every passage, the edges. */
export async function bipartiteView(datasetId: string): Promise<BipartiteView> {
  const index = await heliosIndexFor(datasetId);
  const linked = [...index.bySegment.keys()];
  const segments = linked.map((id) => {
    const s = index.segments.get(id)!;
    const label = s.values.find((v) => typeof v === "string" && v.trim() !== "") ?? `row ${s.rowId}`;
    return { id, table: s.table, rowId: s.rowId, label: String(label).slice(0, 80) };
  });
  const passages = [...index.passages.values()].map((p) => ({
    id: p.id,
    title: p.title,
    links: index.byPassage.get(p.id)?.length ?? 0,
  }));
  const links = index.links.map((l) => ({
    segment: l.segment,
    passage: l.passage,
    kind: l.kind,
    score: l.score,
    column: l.column ?? null,
  }));
  return {
    segments,
    passages,
    links,
    counts: {
      segments: index.segments.size,
      passages: passages.length,
      links: links.length,
      unlinkedPassages: passages.filter((p) => p.links === 0).length,
    },
  };
}
