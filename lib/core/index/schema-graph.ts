import type { TableMeta } from "../model/dataset";
import type {
  ColumnProfile,
  CuratedEdgeInput,
  JoinCandidate,
  SchemaEdge,
  SchemaGraph,
  SchemaNode,
} from "../model/index-types";
import { MAX_SAME_NAME_KEY_TABLES } from "../model/limits";
import { declaredJoins } from "./declared-joins";
import { columnKey } from "../model/column-ref";
import { inferPrimaryKey } from "./schema-node";

export type SchemaGraphInput = {
  tables: readonly Pick<TableMeta, "name" | "columns" | "foreignKeys">[];
  /** Discovered join candidates (see discoverJoins). */
  joins?: readonly JoinCandidate[];
  /** Edges users added by hand; endpoints are node ids. */
  curated?: readonly CuratedEdgeInput[];
  /** Profiles by node id, used to infer a primary key for tables that declare none. */
  profiles?: ReadonlyMap<string, ColumnProfile>;
};

// Names too generic for SGAM's "same name, both keys" rule: every table has an "id".
const GENERIC_KEY_NAMES = new Set(["id", "key", "code", "rowid", "pk", "no", "number", "index", "uuid"]);

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * Builds one dataset's schema graph (SGAM §3.2): a node per column; `key` edges from each
 * non-key column to its table's primary key(s) (declared, or inferred from profiles);
 * `foreign_key` edges for declared keys; `join` edges between same-named primary keys of
 * different tables (SGAM eq. 5); `discovered` edges from join discovery (FGTR eq. 3) that the
 * learned scorer passes (or were not scored) where no declared or curated edge already links the
 * pair; and curated edges as given.
 */
export function buildSchemaGraph(input: SchemaGraphInput): SchemaGraph {
  const nodes: SchemaNode[] = [];
  const byId = new Map<string, SchemaNode>();
  const edges: SchemaEdge[] = [];
  const edgeIds = new Set<string>();
  const linked = new Set<string>();

  const addEdge = (e: Omit<SchemaEdge, "id">): void => {
    const id = `${e.kind}:${e.source}->${e.target}`;
    if (edgeIds.has(id) || !byId.has(e.source) || !byId.has(e.target) || e.source === e.target) return;
    edgeIds.add(id);
    edges.push({ id, ...e });
    if (e.kind !== "key" && e.kind !== "context") linked.add(pairKey(e.source, e.target));
  };

  for (const t of input.tables) {
    const declared = t.columns.filter((c) => c.isPrimaryKey);
    const inferred = declared.length
      ? null
      : inferPrimaryKey(t.columns, (c) => input.profiles?.get(columnKey(t.name, c.sqlName)));
    const keys = declared.length ? declared : inferred ? [inferred] : [];
    const keyOrigin = declared.length ? ("declared" as const) : ("inferred" as const);
    for (const c of t.columns) {
      const isKey = keys.includes(c);
      const node: SchemaNode = {
        id: columnKey(t.name, c.sqlName),
        table: t.name,
        column: c.sqlName,
        name: c.name,
        type: c.type,
        isPrimaryKey: isKey,
        primaryKeyOrigin: isKey ? keyOrigin : null,
      };
      nodes.push(node);
      byId.set(node.id, node);
    }
    for (const c of t.columns) {
      if (keys.includes(c)) continue;
      for (const k of keys)
        addEdge({
          source: columnKey(t.name, c.sqlName),
          target: columnKey(t.name, k.sqlName),
          kind: "key",
          label: `identified by ${k.name}`,
          weight: 1,
          origin: keyOrigin,
        });
    }
  }

  const curated = input.curated ?? [];
  for (const c of curated)
    addEdge({
      source: c.source,
      target: c.target,
      kind: c.kind,
      label: c.label ?? c.kind,
      weight: c.weight ?? 1,
      origin: "curated",
    });
  addForeignKeys(input.tables, addEdge);
  const notes = addSameNameKeyJoins(nodes, addEdge, linked);

  for (const j of input.joins ?? []) {
    const source = columnKey(j.from.table, j.from.column);
    const target = columnKey(j.to.table, j.to.column);
    if (j.rule === "declared") {
      // Usually already added from the tables' foreign keys; then the same edge id is skipped.
      addEdge({
        source,
        target,
        kind: "foreign_key",
        label: `${label(byId, source)} = ${label(byId, target)}`,
        weight: 1,
        origin: "declared",
        join: j,
      });
      continue;
    }
    // A candidate the learned scorer did not pass is a suggestion to review, not an edge to join on.
    if (j.passes === false || linked.has(pairKey(source, target))) continue;
    addEdge({
      source,
      target,
      kind: "discovered",
      label: `${label(byId, source)} = ${label(byId, target)}`,
      weight: j.omega,
      origin: "discovered",
      join: j,
    });
  }
  return notes.length ? { nodes, edges, notes } : { nodes, edges };
}

function label(byId: Map<string, SchemaNode>, id: string): string {
  const n = byId.get(id);
  return n ? `${n.table}.${n.name}` : id;
}

type AddEdge = (e: Omit<SchemaEdge, "id">) => void;

function addForeignKeys(tables: SchemaGraphInput["tables"], addEdge: AddEdge): void {
  for (const d of declaredJoins(tables)) {
    addEdge({
      source: columnKey(d.from.table, d.from.column),
      target: columnKey(d.to.table, d.to.column),
      kind: "foreign_key",
      label: `${d.from.table}.${d.fromName} = ${d.to.table}.${d.toName}`,
      weight: 1,
      origin: "declared",
      ...(d.group ? { group: d.group } : {}),
    });
  }
}

/**
 * SGAM eq. 5's same-name key joins, found by grouping the keys by name (linear in the keys). A
 * name shared by more than MAX_SAME_NAME_KEY_TABLES tables names no one entity (3,000 tables keyed
 * `a` would be 4.5 million edges): it gets no edges, and a note says so.
 */
function addSameNameKeyJoins(nodes: SchemaNode[], addEdge: AddEdge, linked: Set<string>): string[] {
  const groups = new Map<string, SchemaNode[]>();
  for (const n of nodes) {
    if (!n.isPrimaryKey || GENERIC_KEY_NAMES.has(n.column.toLowerCase())) continue;
    const name = n.column.toLowerCase();
    const group = groups.get(name);
    if (group) group.push(n);
    else groups.set(name, [n]);
  }
  const notes: string[] = [];
  for (const [name, keys] of groups) {
    const tables = new Set(keys.map((k) => k.table)).size;
    if (tables <= MAX_SAME_NAME_KEY_TABLES) continue;
    groups.delete(name);
    notes.push(
      `${tables.toLocaleString("en-US")} tables have a key named "${name}": more than ` +
        `${MAX_SAME_NAME_KEY_TABLES} (MAX_SAME_NAME_KEY_TABLES), so no join is inferred from that name alone.`,
    );
  }
  // In node order, each key with the keys after it in its group: the pairs of the all-pairs scan.
  const seen = new Map<string, number>();
  for (const x of nodes) {
    const group = groups.get(x.column.toLowerCase());
    if (!x.isPrimaryKey || !group) continue;
    const at = seen.get(x.column.toLowerCase()) ?? 0;
    seen.set(x.column.toLowerCase(), at + 1);
    for (const y of group.slice(at + 1)) {
      if (x.table === y.table || linked.has(pairKey(x.id, y.id))) continue;
      addEdge({
        source: x.id,
        target: y.id,
        kind: "join",
        label: `${x.table}.${x.name} = ${y.table}.${y.name}`,
        weight: 1,
        origin: "inferred",
      });
    }
  }
  return notes;
}
