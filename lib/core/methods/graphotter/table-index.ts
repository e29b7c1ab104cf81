import type { CellGraph } from "../../cell-graph/graph";
import { buildHeaderTree, type HeaderTree } from "../../cell-graph/header-tree";
import { graphText, termsOf, type GraphText } from "../../cell-graph/match";
import { normalizeText } from "../../text";

/**
 * What GraphOTTER reads of a table before any question, built once per opened cell graph and kept
 * with it: the header tree, every cell's terms and their idf, an inverted index from a term to the
 * cells that hold it, and the words of the headers (for matching a question's words by meaning).
 * A question then touches only the cells its terms reach, never every cell of the table.
 */
export type TableIndex = {
  graph: CellGraph;
  tree: HeaderTree;
  text: GraphText;
  /** Term → node indexes holding it, in node order. */
  postings: Map<string, number[]>;
  /** Header words (lowercase, unstemmed) → the term each gives, for related-word matching. */
  headerWords: Map<string, string>;
  /** Normalised text per node (for phrase matching), filled for the nodes a question reaches. */
  normalized: Map<number, string>;
  /** Encoder vectors of node texts, filled on first use. */
  vectors: Map<number, Float32Array>;
  /** Node id ("r3c2") → node index. */
  nodeIndex: Map<string, number>;
  /** Header index → the grid rows (row headers) or columns (column headers) whose path holds it. */
  spans: number[][];
};

/** Distinct header words kept for related-word matching (a question compares its words with each). */
const MAX_HEADER_WORDS = 3000;

const indexes = new WeakMap<CellGraph, TableIndex>();

/** The table index of a graph: built on first use, then the same object for every later question. */
export function tableIndexOf(graph: CellGraph): TableIndex {
  let index = indexes.get(graph);
  if (!index) {
    index = buildTableIndex(graph);
    indexes.set(graph, index);
  }
  return index;
}

function buildTableIndex(graph: CellGraph): TableIndex {
  const tree = buildHeaderTree(graph);
  const text = graphText(graph);
  const postings = new Map<string, number[]>();
  text.terms.forEach((terms, i) => {
    for (const t of terms) {
      const list = postings.get(t);
      if (list) list.push(i);
      else postings.set(t, [i]);
    }
  });
  const headerWords = new Map<string, string>();
  for (const h of tree.headers) {
    if (headerWords.size >= MAX_HEADER_WORDS) break;
    for (const w of normalizeText(graph.nodes[h.node].value).match(/\p{L}{3,}/gu) ?? []) {
      const term = termsOf(w)[0];
      if (term && !headerWords.has(w)) headerWords.set(w, term);
    }
  }
  const spans: number[][] = tree.headers.map(() => []);
  tree.rowPaths.forEach((path, r) => {
    for (const h of path) spans[h].push(r);
  });
  tree.colPaths.forEach((path, c) => {
    for (const h of path) spans[h].push(c);
  });
  const nodeIndex = new Map(graph.nodes.map((n, i) => [n.id, i]));
  return { graph, tree, text, postings, headerWords, normalized: new Map(), vectors: new Map(), spans, nodeIndex };
}

/** A node's normalised text, memoised on the index. */
export function normalizedOf(index: TableIndex, node: number): string {
  let s = index.normalized.get(node);
  if (s === undefined) {
    s = ` ${normalizeText(index.graph.nodes[node].value)
      .replace(/[^\p{L}\p{N}%$.]+/gu, " ")
      .trim()} `;
    index.normalized.set(node, s);
  }
  return s;
}

/** The grid rows and columns a node names: a header's span, a body cell's own row (a key such as an id). */
export function linesOfNode(index: TableIndex, node: number): { rows: number[] | null; cols: number[] | null } {
  const h = index.tree.headerOf.get(node);
  if (h !== undefined) {
    const header = index.tree.headers[h];
    return header.axis === "row" ? { rows: index.spans[h], cols: null } : { rows: null, cols: index.spans[h] };
  }
  return { rows: index.graph.nodes[node].rows, cols: null };
}
