import { joinTree, shortestJoinPath, type EdgeCost } from "../../index/join-path";
import { parseColumnKey } from "../../model/column-ref";
import type { ColumnRef, JoinPath, SchemaEdge } from "../../model/index-types";
import { TRACE_LIMITS } from "../../trace/atoms";
import type { EventSink } from "../../trace/sink";
import { refKey } from "../../model/column-ref";
import type { RetrievalPorts } from "../../retrieval/ports";
import type { FilledSchema } from "../../retrieval/types";

export type { FilledSchema };
import type { LinkedColumn } from "../../reasoner/schema/linked-columns";
import { roleAwareCost } from "../../reasoner/schema/join-roles";

/**
 * Path costs for schema filling: a declared or curated key is trusted over a discovered guess, so
 * two declared hops through a link table (teacher → course_arrange → course) beat one discovered
 * edge between two tables' own id columns, which value overlap alone can fake.
 */
export function fillingEdgeCost(graph: RetrievalPorts["graph"]): EdgeCost {
  const keys = new Set(graph.nodes.filter((n) => n.isPrimaryKey).map((n) => n.id));
  return (e) => {
    if (e.origin === "declared" || e.origin === "curated") return 1;
    if (e.origin === "inferred") return 1.25;
    const base = 2.2 + Math.max(0, 2 - e.weight) / 2;
    return keys.has(e.source) && keys.has(e.target) ? base + 2 : base;
  };
}

/**
 * The columns a table the question names by its noun ("how many flights") enters the schema with:
 * its primary key, or, for a table without one (an uploaded file of edges), its columns that join
 * another table, so the join tree reaches it.
 */
export function entryColumns(graph: RetrievalPorts["graph"], table: string): ColumnRef[] {
  const own = graph.nodes.filter((n) => n.table === table);
  const keys = own.filter((n) => n.isPrimaryKey);
  if (keys.length) return keys.map((n) => ({ table, column: n.column }));
  const tableOf = new Map(graph.nodes.map((n) => [n.id, n.table]));
  const joining = new Set<string>();
  for (const e of graph.edges) {
    if (e.kind === "context" || e.kind === "derivation" || e.kind === "key") continue;
    const a = tableOf.get(e.source);
    const b = tableOf.get(e.target);
    if (a === table && b && b !== table) joining.add(e.source);
    if (b === table && a && a !== table) joining.add(e.target);
  }
  return own.filter((n) => joining.has(n.id)).map((n) => ({ table, column: n.column }));
}

function primaryKeys(ports: RetrievalPorts, table: string): string[] {
  const fromGraph = ports.graph.nodes.filter((n) => n.table === table && n.isPrimaryKey).map((n) => n.column);
  if (fromGraph.length) return fromGraph;
  return (
    ports.schema.tables
      .find((t) => t.name === table)
      ?.columns.filter((c) => c.isPrimaryKey)
      .map((c) => c.column) ?? []
  );
}

/**
 * The largest set of tables, starting from the one with the most selected columns, that the
 * schema graph can join; tables it cannot reach are answered without (and reported).
 */
function connectedJoin(
  ports: RetrievalPorts,
  tables: string[],
  weight: Map<string, number>,
  question: string,
): { join: JoinPath | null; unreachable: string[] } {
  if (tables.length <= 1) return { join: { tables, edges: [], cost: 0 }, unreachable: [] };
  // Two keys to one table (origin and destination): the one whose name the question speaks of.
  const cost = roleAwareCost(ports.graph, question, fillingEdgeCost(ports.graph));
  const whole = joinTree(ports.graph, tables, cost);
  if (whole) return { join: whole, unreachable: [] };
  const ranked = [...tables].sort((a, b) => (weight.get(b) ?? 0) - (weight.get(a) ?? 0));
  const root = ranked[0];
  const reachable = ranked.filter((t) => t === root || shortestJoinPath(ports.graph, root, t, cost) !== null);
  return { join: joinTree(ports.graph, reachable, cost), unreachable: ranked.filter((t) => !reachable.includes(t)) };
}

/**
 * FGTR step 3, schema filling (§4.2, eq. 5): adds each recalled table's primary key and the key
 * columns of the shortest join paths between the recalled tables, read from the schema graph
 * (declared, discovered, curated and inferred edges). `fallbackTable` stands in when no column
 * was recalled (e.g. "How many singers are there?").
 */
export function fillSchema(
  voted: ColumnRef[],
  ports: RetrievalPorts,
  sink: EventSink,
  options: { enabled: boolean; fallbackTable?: string | null; linked?: LinkedColumn[]; question?: string },
): FilledSchema {
  // Columns the question names by a value or a date join the voted ones (linked-columns.ts).
  const linked = (options.linked ?? []).filter((l) => !voted.some((v) => v.table === l.table && v.column === l.column));
  const kept = [...voted, ...linked.map(({ table, column }) => ({ table, column }))];
  const weight = new Map<string, number>();
  for (const c of kept) weight.set(c.table, (weight.get(c.table) ?? 0) + 1);
  let tables = [...weight.keys()];
  if (tables.length === 0 && options.fallbackTable) tables = [options.fallbackTable];
  const { join, unreachable } = connectedJoin(ports, tables, weight, options.question ?? "");
  for (const t of unreachable) {
    sink.emit({
      type: "warning",
      code: "no_join_path",
      message: `No join path links table "${t}" to the other selected tables; it is left out of the answer.`,
    });
  }
  const columns = new Map(kept.map((c) => [refKey(c), c]));
  const added: FilledSchema["added"] = [];
  const add = (ref: ColumnRef, reason: FilledSchema["added"][number]["reason"]) => {
    if (columns.has(refKey(ref))) return;
    columns.set(refKey(ref), ref);
    added.push({ ...ref, reason });
  };
  const joinTables = join?.tables.length ? join.tables : tables;
  for (const l of linked) if (joinTables.includes(l.table)) added.push(l);
  if (options.enabled) {
    for (const t of joinTables) for (const pk of primaryKeys(ports, t)) add({ table: t, column: pk }, "primary-key");
    for (const e of join?.edges ?? []) {
      add(parseColumnKey(e.source), "join-key");
      add(parseColumnKey(e.target), "join-key");
    }
    sink.emit({ type: "schema-fill", added: added.slice(0, TRACE_LIMITS.columns) });
  }
  if (join && join.edges.length) emitJoinPath(sink, join);
  return { columns: [...columns.values()], tables: joinTables, join, added };
}

function emitJoinPath(sink: EventSink, join: JoinPath): void {
  sink.emit({
    type: "join-path",
    fromTable: join.tables[0],
    toTable: join.tables[join.tables.length - 1],
    tables: join.tables,
    edges: join.edges.slice(0, TRACE_LIMITS.edges).map((e: SchemaEdge) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      kind: e.kind,
      origin: e.origin,
      weight: e.weight,
    })),
  });
}
