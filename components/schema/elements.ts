import type { ElementDefinition } from "cytoscape";
import type { SchemaEdge, SchemaNode } from "@/lib/core/model/index-types";
import type { SchemaGraphResponse } from "@/components/index/types";
import { edgeCategory } from "@/lib/core/index/join-review";
import { COL_W, layoutTables, type LayoutTable, type TableLink } from "./layout";
import { headerTitle } from "./titleWrap";
import { HEADER_FONT } from "./zoomScale";

// Column node ids always hold an unescaped "." (table.column); these never do, so they cannot collide.
const noDots = (s: string) => s.replace(/%/g, "%25").replace(/\./g, "%2E");
export const tableNodeId = (table: string) => `table:${noDots(table)}`;
export const headerNodeId = (table: string) => `header:${noDots(table)}`;

export interface GraphModel {
  elements: ElementDefinition[];
  /** Every table with all its columns, in order; and which table references which (for re-layouts). */
  layoutTables: LayoutTable[];
  links: TableLink[];
  nodes: Map<string, SchemaNode>;
  edges: Map<string, SchemaEdge>;
  tables: Map<string, { rows: number | null; columns: number; isView: boolean }>;
  tableCount: number;
}

/** Groups column nodes by table, in the dataset's table order (the server's, then any others). */
function groupTables(graph: SchemaGraphResponse, tableOrder: string[]): LayoutTable[] {
  const byTable = new Map<string, string[]>();
  for (const name of [...(graph.tables ?? []).map((t) => t.name), ...tableOrder])
    if (!byTable.has(name)) byTable.set(name, []);
  for (const n of graph.nodes) {
    if (!byTable.has(n.table)) byTable.set(n.table, []);
    byTable.get(n.table)!.push(n.id);
  }
  const views = new Set((graph.tables ?? []).filter((t) => t.isView).map((t) => t.name));
  return [...byTable.entries()]
    .filter(([, cols]) => cols.length > 0)
    .map(([name, columns]) => ({ name, columns, titleLines: headerLines(headerLabel(name, views.has(name))).length }));
}

/** A table's title as drawn: a view says so after its name. */
const headerLabel = (table: string, isView: boolean) => (isView ? `${table} · view` : table);

/** The header's title in the lines it is drawn in: broken between words only, a word too wide shortened. */
const headerLines = (label: string) => headerTitle(label, HEADER_FONT, COL_W - 12);

export function buildElements(
  graph: SchemaGraphResponse,
  tableOrder: string[],
  rowCounts: Map<string, number>,
): GraphModel {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const edges = new Map(graph.edges.filter((e) => nodes.has(e.source) && nodes.has(e.target)).map((e) => [e.id, e]));
  const tables = groupTables(graph, tableOrder);
  // Edge source → target reads "references": a key's child → parent, a join's referencing → referenced side.
  // Declared and curated links shape the layers; discovered ones only for tables nothing firmer
  // links, since they can link every table to every other (e.g. surrogate keys 1..n everywhere).
  const linkOf = (e: (typeof graph.edges)[number]): TableLink => ({
    from: nodes.get(e.source)!.table,
    to: nodes.get(e.target)!.table,
  });
  const firm = [...edges.values()].filter((e) => e.kind !== "key" && e.kind !== "discovered").map(linkOf);
  // Likely joins place the tables no firmer link places (e.g. CSV files, which declare no keys).
  const placed = new Set(firm.flatMap((l) => (l.from === l.to ? [] : [l.from, l.to])));
  const likely = [...edges.values()]
    .filter((e) => e.kind === "discovered")
    .map(linkOf)
    .filter((l) => !placed.has(l.from) || !placed.has(l.to));
  const links: TableLink[] = [...firm, ...likely];
  const { columns, headers } = layoutTables(tables, links);
  const views = new Set((graph.tables ?? []).filter((t) => t.isView).map((t) => t.name));
  const elements: ElementDefinition[] = [];
  for (const t of tables) {
    const isView = views.has(t.name);
    elements.push({
      group: "nodes",
      // `title` is what the zoomed-out card shows: a view says so there too.
      data: { id: tableNodeId(t.name), table: t.name, title: headerLabel(t.name, isView), role: "table", isView },
      classes: isView ? "table view" : "table",
    });
    elements.push({
      group: "nodes",
      data: {
        id: headerNodeId(t.name),
        parent: tableNodeId(t.name),
        table: t.name,
        role: "header",
        label: headerLines(headerLabel(t.name, isView)).join("\n"),
        lines: t.titleLines ?? 1,
        rows: rowCounts.get(t.name) ?? null,
      },
      position: headers.get(t.name),
      classes: isView ? "header view" : "header",
      selectable: false,
    });
  }
  for (const n of nodes.values()) {
    elements.push({
      group: "nodes",
      data: { id: n.id, parent: tableNodeId(n.table), table: n.table, column: n.column, role: "column", label: n.name },
      position: columns.get(n.id),
      classes: n.isPrimaryKey ? "column pk" : "column",
    });
  }
  for (const e of edges.values()) {
    const ends = endpoints(columns.get(e.source), columns.get(e.target));
    const classes = [e.kind, e.origin === "inferred" ? "inferred" : "", ends.side ? "side" : ""]
      .filter(Boolean)
      .join(" ");
    elements.push({
      group: "edges",
      data: {
        id: e.id,
        source: e.source,
        target: e.target,
        kind: e.kind,
        category: edgeCategory(e),
        weight: e.weight,
        elabel: edgeLabel(e),
        ...ends,
      },
      classes,
    });
  }
  const tableInfo = new Map(
    tables.map((t) => [
      t.name,
      { rows: rowCounts.get(t.name) ?? null, columns: t.columns.length, isView: views.has(t.name) },
    ]),
  );
  return { elements, layoutTables: tables, links, nodes, edges, tables: tableInfo, tableCount: tables.length };
}

const SHORT_KIND: Record<SchemaEdge["kind"], string> = {
  key: "",
  foreign_key: "FK",
  discovered: "likely join",
  join: "join",
  context: "context",
  derivation: "derived",
};

/**
 * The few words drawn on an edge: its kind, a curated label, and for a discovered join the
 * scorer's probability (or ω); the columns and ω's parts are in the hover box.
 */
function edgeLabel(e: SchemaEdge): string {
  const kind = SHORT_KIND[e.kind];
  if (!kind) return "";
  if (e.kind === "discovered") {
    const p = e.join?.probability;
    return p === undefined ? `${kind} ω ${e.weight.toFixed(2)}` : `${kind} ${Math.max(1, Math.round(p * 100))}%`;
  }
  if (e.kind === "join" && e.origin === "inferred") return "same key";
  if (e.kind === "join" && e.source.split(".")[0] === e.target.split(".")[0]) {
    const own = e.label.trim();
    return own && own !== "join" ? `self-join: ${own}`.slice(0, 28) : "self-join";
  }
  const own = e.origin === "curated" && e.label.trim() ? e.label.trim() : "";
  const text = own ? `${kind}: ${own}` : kind;
  return text.length > 28 ? `${text.slice(0, 27)}…` : text;
}

/**
 * Where an edge leaves and meets its columns, ER-diagram style: from the facing sides of two
 * tables side by side; between columns stacked in one page column, from both left sides with a
 * bend (`bend`, in the source → target frame) so the line loops around instead of crossing them.
 */
export function endpoints(s: { x: number; y: number } | undefined, t: { x: number; y: number } | undefined) {
  if (!s || !t) return { se: "outside-to-node", te: "outside-to-node", bend: 0, side: false };
  if (t.x < s.x - 1) return { se: "-50% 0%", te: "50% 0%", bend: 0, side: false };
  if (t.x > s.x + 1) return { se: "50% 0%", te: "-50% 0%", bend: 0, side: false };
  const gap = Math.abs(t.y - s.y);
  return { se: "-50% 0%", te: "-50% 0%", bend: (t.y > s.y ? 1 : -1) * Math.min(90, 18 + gap * 0.12), side: true };
}
