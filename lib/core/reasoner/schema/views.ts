import pluralize from "pluralize";
import { entityPhrase, nameWordsOf } from "../../index/semantic/names";
import type { SchemaGraph } from "../../model/index-types";
import type { SemanticModel, SemanticTable } from "../../model/semantic-model";
import { FUNCTION_WORDS } from "../lang/en/matching";
import { DERIVED_FIGURE_WORDS } from "../lang/en/semantic";
import type { RetrievalPorts } from "../../retrieval/ports";
import type { EventSink } from "../../trace/sink";
import { semanticModelOf } from "./semantic";

/**
 * Views in a run, by the semantic model: a view repeats rows of its base tables, so joining it back
 * to one of them (or to another view of the same base) multiplies rows, and reading it where its base
 * would do answers from a derived copy. So a view is used only when the question names it: by its own
 * name, or by a column only it has (a figure the view computes). Then the view answers and its base
 * tables stay out of the run, so nothing can join them to it. A view named only by the entity its base
 * table names too ("customers" for a view over raw_customers) is left out for that base table.
 */

export type ViewScope = {
  kept: Array<{ view: string; why: string }>;
  /** Views and base tables left out of the run, with the reason. */
  hidden: Array<{ table: string; why: string }>;
  /** Pairs of kept tables never joined ("a|b", sorted): two kept views over the same base. */
  apart: Set<string>;
};

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const singular = (w: string) => pluralize.singular(w);

/** The question's words, singular ("orders" → order). */
function questionWords(question: string): Set<string> {
  return new Set((question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(singular));
}

/** The content words of a name, singular. */
function contentOf(words: readonly string[]): string[] {
  return words.map((w) => singular(w.toLowerCase())).filter((w) => !FUNCTION_WORDS.has(w));
}

/** Whether every content word of a name is in the question. */
function named(words: readonly string[], asked: ReadonlySet<string>): boolean {
  const content = contentOf(words);
  return content.length > 0 && content.every((w) => asked.has(w));
}

type Naming = { own: boolean; why: string } | null;

/** How the question names a view: by its own name or a column only it has, or only by an entity a base table shares. */
function viewNaming(
  view: SemanticTable,
  model: SemanticModel,
  asked: ReadonlySet<string>,
  onlyHere: (column: { name: string; expandedName?: string }) => boolean,
  columns: ReadonlyArray<{ column: string; name: string; expandedName?: string }>,
): Naming {
  // A column only the view has names it when it adds a concept its base tables lack ("lifetime value"),
  // not when it only orders or counts theirs ("most recent order", "number of orders").
  const baseWords = new Set(
    view.view!.baseTables.flatMap((b) => {
      const t = model.tables.find((x) => x.table === b);
      return contentOf([...entityPhrase(b), ...(t ? t.entity.singular.split(/\s+/) : [])]);
    }),
  );
  const novel = (words: readonly string[]) =>
    contentOf(words).some((w) => !DERIVED_FIGURE_WORDS.has(w) && !baseWords.has(w));
  const own = columns.find((c) => {
    const words = nameWordsOf(c.name, c.expandedName);
    return onlyHere(c) && named(words, asked) && novel(words);
  });
  if (own) return { own: true, why: `the question names ${own.name}, which only this view has` };
  const words = [entityPhrase(view.table), view.entity.singular.split(/\s+/), view.entity.plural.split(/\s+/)];
  const hit = words.find((w) => named(w, asked));
  if (!hit) return null;
  const mine = contentOf(hit).join(" ");
  const sharer = view.view!.baseTables.find((b) => {
    const t = model.tables.find((x) => x.table === b);
    return [entityPhrase(b), ...(t ? [t.entity.singular.split(/\s+/)] : [])].some(
      (w) => contentOf(w).join(" ") === mine,
    );
  });
  return sharer
    ? { own: false, why: `the question names "${hit.join(" ")}", which ${sharer} answers without the view` }
    : { own: true, why: `the question names "${hit.join(" ")}"` };
}

/** Which views (and base tables) a question's run reads, and which kept tables are never joined. */
export function viewScope(question: string, ports: Pick<RetrievalPorts, "schema" | "graph" | "semantic">): ViewScope {
  const model = semanticModelOf(ports);
  const views = model.tables.filter((t) => t.view);
  const scope: ViewScope = { kept: [], hidden: [], apart: new Set() };
  if (!views.length) return scope;
  const asked = questionWords(question);
  const columnsOf = new Map(ports.schema.tables.map((t) => [t.name, t.columns]));
  const kept: SemanticTable[] = [];
  for (const v of views) {
    const columns = columnsOf.get(v.table) ?? [];
    const onlyHere = (c: { name: string }) =>
      !ports.schema.tables.some(
        (t) => t.name !== v.table && t.columns.some((x) => x.name.toLowerCase() === c.name.toLowerCase()),
      );
    const naming = viewNaming(v, model, asked, onlyHere, columns);
    if (naming?.own) {
      kept.push(v);
      scope.kept.push({ view: v.table, why: naming.why });
    } else scope.hidden.push({ table: v.table, why: naming?.why ?? "the question does not name it" });
  }
  const keptNames = new Set(kept.map((v) => v.table));
  const under = new Set(
    kept.flatMap((v) => [...v.view!.baseTables, ...v.view!.reads]).filter((t) => !keptNames.has(t)),
  );
  for (const b of under)
    if (!scope.hidden.some((h) => h.table === b))
      scope.hidden.push({
        table: b,
        why: `a base table of ${kept
          .filter((v) => v.view!.baseTables.includes(b) || v.view!.reads.includes(b))
          .map((v) => v.table)
          .join(", ")}, which answers instead`,
      });
  for (const a of kept)
    for (const b of kept)
      if (
        a !== b &&
        (a.view!.baseTables.some((t) => b.view!.baseTables.includes(t)) || a.view!.reads.includes(b.table))
      )
        scope.apart.add(pairKey(a.table, b.table));
  return scope;
}

/** The graph without the hidden views' columns and without an edge between two tables kept apart. */
export function graphInScope(graph: SchemaGraph, hidden: ReadonlySet<string>, apart: ReadonlySet<string>): SchemaGraph {
  const table = new Map(graph.nodes.map((n) => [n.id, n.table]));
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => !hidden.has(n.table)),
    edges: graph.edges.filter((e) => {
      const a = table.get(e.source) ?? "";
      const b = table.get(e.target) ?? "";
      return !hidden.has(a) && !hidden.has(b) && !apart.has(pairKey(a, b));
    }),
  };
}

/**
 * The ports a question's run reads, views scoped (viewScope): the tables left out (views not named,
 * base tables of a view that answers) gone from the schema, the graph and cell search. Emits a `view-scope` event when
 * the dataset has views.
 */
export function portsInViewScope(question: string, ports: RetrievalPorts, sink?: EventSink): RetrievalPorts {
  const scope = viewScope(question, ports);
  if (!scope.kept.length && !scope.hidden.length) return ports;
  const hidden = new Set(scope.hidden.map((h) => h.table));
  const graph = graphInScope(ports.graph, hidden, scope.apart);
  sink?.emit({
    type: "view-scope",
    kept: scope.kept,
    hidden: scope.hidden,
    cutEdges: ports.graph.edges.length - graph.edges.length - countHiddenEdges(ports.graph, hidden),
  });
  if (!hidden.size && graph.edges.length === ports.graph.edges.length) return ports;
  return {
    ...ports,
    // The model stays the dataset's (a reduced schema would infer another one).
    semantic: semanticModelOf(ports),
    schema: { tables: ports.schema.tables.filter((t) => !hidden.has(t.name)) },
    graph,
    searchCells: async (query, s) => {
      const hits = await ports.searchCells(query, {
        ...s,
        ...(s.columns ? { columns: s.columns.filter((r) => !hidden.has(r.table)) } : {}),
      });
      return hits.filter((h) => !hidden.has(h.table));
    },
  };
}

function countHiddenEdges(graph: SchemaGraph, hidden: ReadonlySet<string>): number {
  const table = new Map(graph.nodes.map((n) => [n.id, n.table]));
  return graph.edges.filter((e) => hidden.has(table.get(e.source) ?? "") || hidden.has(table.get(e.target) ?? ""))
    .length;
}
