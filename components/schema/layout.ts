/**
 * Positions for the schema graph (cytoscape "preset" layout). Each table is a box: its header on top,
 * its (shown) columns stacked below. The boxes are placed by dagre's layered layout (through the
 * cytoscape-dagre extension, on a headless cytoscape of one node per table, sized as drawn): a
 * referenced table sits left of the tables that reference it. Each connected group of tables is laid
 * out on its own and the groups are packed in rows, biggest first, so that the drawing keeps about the
 * screen's aspect ratio; unlinked tables fill a grid at the end. Boxes never overlap: dagre separates
 * the nodes of a group, and the packing separates the groups.
 */
import cytoscape from "cytoscape";
import dagre from "cytoscape-dagre";

/** `from` references `to` (a foreign key's child → parent, a join's referencing → referenced side). */
export interface TableLink {
  from: string;
  to: string;
}

export const COL_W = 200;
export const COL_H = 22;
const ROW_H = 26;
const HEADER_H = 32;
/** The compound node's padding around its children (style.ts draws it). */
const BOX_PAD = 6;
export const GAP_X = 90;
export const GAP_Y = 40;

let registered = false;
function ensureDagre() {
  if (registered) return;
  cytoscape.use(dagre);
  registered = true;
}

export interface LayoutTable {
  name: string;
  /** Lines the title takes (a long name wraps between words; see elements.ts headerLines). */
  titleLines?: number;
  /** Node ids of the table's shown columns, in display order. */
  columns: string[];
}

export interface Point {
  x: number;
  y: number;
}

/** A table box's outer size, padding included. */
export const boxWidth = () => COL_W + 2 * BOX_PAD;
const headerHeight = (t: LayoutTable) => HEADER_H + ((t.titleLines ?? 1) - 1) * TITLE_LINE_H;
export const boxHeight = (t: LayoutTable) => headerHeight(t) + t.columns.length * ROW_H + 2 * BOX_PAD;

const TITLE_LINE_H = 18;

type Placed = { name: string; x: number; y: number; w: number; h: number };

/** Groups of tables linked to one another (links within a table do not link it to another). */
function components(tables: LayoutTable[], links: TableLink[]): string[][] {
  const parent = new Map(tables.map((t) => [t.name, t.name]));
  const find = (n: string): string => {
    let r = n;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(n, r);
    return r;
  };
  for (const l of links) if (parent.has(l.from) && parent.has(l.to)) parent.set(find(l.from), find(l.to));
  const groups = new Map<string, string[]>();
  for (const t of tables) {
    const root = find(t.name);
    groups.set(root, [...(groups.get(root) ?? []), t.name]);
  }
  return [...groups.values()];
}

/** dagre on one connected group, its tall ranks wrapped to keep `aspect`: positions from the group's corner. */
function layoutGroup(group: LayoutTable[], links: TableLink[], aspect: number): Placed[] {
  const ranks = dagreRanks(group, links);
  const all = ranks.flat();
  const tallest = Math.max(...all.map((p) => p.h));
  const total = all.reduce((s, p) => s + p.h + GAP_Y, 0);
  let best: { placed: Placed[]; score: number } | null = null;
  for (let limit = tallest; ; limit = Math.max(limit * 1.15, limit + 40)) {
    const placed = wrapRanks(ranks, limit);
    const e = extentOf(placed);
    const score = Math.abs(Math.log(e.w / e.h / aspect));
    if (!best || score < best.score) best = { placed, score };
    if (limit > total) break;
  }
  return best!.placed;
}

/** Each rank's boxes as page columns no taller than `limit`, left to right, in dagre's order. */
function wrapRanks(ranks: Placed[][], limit: number): Placed[] {
  const out: Placed[] = [];
  let x = 0;
  for (const rank of ranks) {
    let y = 0;
    for (const p of rank) {
      if (y > 0 && y + p.h > limit) {
        x += boxWidth() + GAP_X;
        y = 0;
      }
      out.push({ ...p, x, y });
      y += p.h + GAP_Y;
    }
    x += boxWidth() + GAP_X;
  }
  return out;
}

/** dagre's ranks (left to right) with each rank's boxes in its order (top to bottom). */
function dagreRanks(group: LayoutTable[], links: TableLink[]): Placed[][] {
  ensureDagre();
  const names = new Set(group.map((t) => t.name));
  const seen = new Set<string>();
  const edges = links.filter((l) => {
    const key = `${l.to}>${l.from}`;
    if (l.from === l.to || !names.has(l.from) || !names.has(l.to) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const cy = cytoscape({
    headless: true,
    styleEnabled: true,
    style: [{ selector: "node", style: { width: "data(w)", height: "data(h)", shape: "rectangle" } }],
    elements: [
      ...group.map((t, i) => ({ data: { id: `n${i}`, name: t.name, w: boxWidth(), h: boxHeight(t) } })),
      // Referenced → referencing, so that dagre ranks a referenced table first (left).
      ...edges.map((l, i) => ({
        data: {
          id: `e${i}`,
          source: `n${group.findIndex((t) => t.name === l.to)}`,
          target: `n${group.findIndex((t) => t.name === l.from)}`,
        },
      })),
    ],
  });
  cy.layout({
    name: "dagre",
    rankDir: "LR",
    nodeSep: GAP_Y,
    rankSep: GAP_X,
    fit: false,
    animate: false,
  } as cytoscape.LayoutOptions).run();
  const placed = cy.nodes().map((n) => {
    const p = n.position();
    const w = Number(n.data("w"));
    const h = Number(n.data("h"));
    return { name: String(n.data("name")), x: p.x - w / 2, y: p.y - h / 2, w, h };
  });
  cy.destroy();
  const ranks = new Map<number, Placed[]>();
  for (const p of placed) ranks.set(Math.round(p.x), [...(ranks.get(Math.round(p.x)) ?? []), p]);
  return [...ranks.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r.sort((a, b) => a.y - b.y));
}

/** Unlinked tables as a grid of about `aspect`, tops aligned per row. */
function gridOf(tables: LayoutTable[], aspect: number): Placed[] {
  const area = tables.reduce((s, t) => s + (boxWidth() + GAP_X) * (boxHeight(t) + GAP_Y), 0);
  const perRow = Math.max(1, Math.round(Math.sqrt(area * aspect) / (boxWidth() + GAP_X)));
  const placed: Placed[] = [];
  let y = 0;
  for (let i = 0; i < tables.length; i += perRow) {
    const row = tables.slice(i, i + perRow);
    row.forEach((t, c) =>
      placed.push({ name: t.name, x: c * (boxWidth() + GAP_X), y, w: boxWidth(), h: boxHeight(t) }),
    );
    y += Math.max(...row.map(boxHeight)) + GAP_Y;
  }
  return placed;
}

const extentOf = (ps: Placed[]) => ({
  w: Math.max(...ps.map((p) => p.x + p.w)),
  h: Math.max(...ps.map((p) => p.y + p.h)),
});

/** Packs blocks left to right in rows no wider than `width` (a block wider than that gets its own row). */
function packRows(blocks: Placed[][], width: number): Placed[] {
  const out: Placed[] = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  for (const b of blocks) {
    const e = extentOf(b);
    if (x > 0 && x + e.w > width) {
      x = 0;
      y += rowH + GAP_Y * 2;
      rowH = 0;
    }
    for (const p of b) out.push({ ...p, x: p.x + x, y: p.y + y });
    x += e.w + GAP_X;
    rowH = Math.max(rowH, e.h);
  }
  return out;
}

/**
 * Where each table's header and columns go: header points are the header's centre, column points
 * each column's centre, in model coordinates. `links` say which table references which.
 */
export function layoutTables(
  tables: LayoutTable[],
  links: TableLink[],
  aspect = 1.7,
): { columns: Map<string, Point>; headers: Map<string, Point> } {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const groups = components(tables, links);
  const linked = groups
    .filter((g) => g.length > 1)
    .map((g) =>
      layoutGroup(
        g.map((n) => byName.get(n)!),
        links,
        aspect,
      ),
    );
  linked.sort((a, b) => extentOf(b).w * extentOf(b).h - extentOf(a).w * extentOf(a).h);
  const alone = groups.filter((g) => g.length === 1).map((g) => byName.get(g[0])!);
  const blocks = [...linked, ...(alone.length ? [gridOf(alone, aspect)] : [])];
  const area = blocks.reduce((s, b) => s + (extentOf(b).w + GAP_X) * (extentOf(b).h + GAP_Y), 0);
  const widest = Math.max(0, ...blocks.map((b) => extentOf(b).w));
  const placed = packRows(blocks, Math.max(widest, Math.sqrt(area * aspect)));
  const columns = new Map<string, Point>();
  const headers = new Map<string, Point>();
  for (const p of placed) {
    const t = byName.get(p.name)!;
    const cx = p.x + p.w / 2;
    const top = p.y + BOX_PAD;
    const hh = headerHeight(t);
    headers.set(t.name, { x: cx, y: top + hh / 2 - 2 });
    t.columns.forEach((id, r) => columns.set(id, { x: cx, y: top + hh + r * ROW_H + ROW_H / 2 }));
  }
  return { columns, headers };
}
