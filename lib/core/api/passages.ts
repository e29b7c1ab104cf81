// HELIOS's passages: the passage list and the bipartite data graph.
// Declared once (no copies): the routes build these shapes and the client reads them.

/** GET /api/datasets/:id/bipartite: the bipartite data graph G_d (HELIOS). */
export type BipartiteView = {
  segments: Array<{ id: string; table: string; rowId: number; label: string }>;
  passages: Array<{ id: string; title: string; links: number }>;
  links: Array<{ segment: string; passage: string; kind: string; score: number; column: string | null }>;
  counts: { segments: number; passages: number; links: number; unlinkedPassages: number };
};

/** One passage in GET /api/datasets/:id/passages, with the rows it is linked to. */
export type PassageListItem = {
  id: string;
  title: string;
  preview: string;
  length: number;
  url: string | null;
  aliases: string[];
  source: string;
  links: Array<{ table: string; rowId: number; kind: string; column: string | null }>;
};
