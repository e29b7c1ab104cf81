/**
 * The bipartite data graph G_d of HELIOS (§3): table segments (one row with its header) on one
 * side, passages on the other, linked by entity-linking edges built offline (early fusion).
 * Node ids are "s:<table>:<rowId>" for segments and "p:<passageId>" for passages.
 */

export type Segment = {
  id: string;
  table: string;
  /**
   * What the table is about, read with every row (OTT-QA's segments carry their page and section
   * title); the table's name when absent.
   */
  caption?: string;
  rowId: number;
  /** Column display names and sqlNames, in table order. */
  header: string[];
  columns: string[];
  values: Array<string | number | null>;
};

/** A passage; `id` is its node id ("p:…"). `aliases` are other names a cell may use for it. */
export type Passage = { id: string; title: string; text: string; url?: string | null; aliases?: string[] };

/** How an edge was found: a hyperlink in the data, or a cell value matching a title or alias. */
export type LinkKind = "hyperlink" | "exact" | "normalised" | "fuzzy";

export type Link = {
  segment: string;
  passage: string;
  /** The column whose value produced the link (sqlName), when known. */
  column?: string;
  kind: LinkKind;
  /** Linking confidence in [0, 1]. */
  score: number;
};

export type BipartiteGraph = { segments: Segment[]; passages: Passage[]; links: Link[] };

/** An edge during retrieval: a segment with one passage (or none, for a row with no link). */
export type ScoredEdge = {
  segment: string;
  passage: string | null;
  score: number;
  /** Set when passage verification dropped the passage: the edge stays ranked, its star reads without it. */
  dropped?: true;
};

export const segmentId = (table: string, rowId: number) => `s:${table}:${rowId}`;
