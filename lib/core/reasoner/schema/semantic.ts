import { inferSemanticModel, type SemanticInput } from "../../index/semantic";
import type { SchemaGraph } from "../../model/index-types";
import type { SemanticModel } from "../../model/semantic-model";
import type { RetrievalPorts, RetrievalSchema } from "../../retrieval/ports";

/**
 * The semantic model a run reads: the dataset's stored one (inferred at index time, the user's edits
 * applied), or — for ports that carry none (tests, a dataset indexed before the model existed) — one
 * inferred here from the retrieval schema and graph, once per schema object.
 */

const inferred = new WeakMap<RetrievalSchema, { graph: SchemaGraph; model: SemanticModel }>();

/** What the inference reads, from a retrieval schema and its graph (no view SQL: views matched by their columns). */
function semanticInputOf(schema: RetrievalSchema, graph: SchemaGraph): SemanticInput {
  return {
    graph,
    tables: schema.tables.map((t) => ({
      name: t.name,
      isView: t.isView ?? false,
      rowCount: t.rowCount,
      expandedName: t.expandedName,
      columns: t.columns.map((c) => ({
        column: c.column,
        name: c.name,
        type: c.type,
        isPrimaryKey: c.isPrimaryKey,
        expandedName: c.expandedName,
        profile: c.profile ?? null,
      })),
    })),
  };
}

/** The run's semantic model: the ports' own, else inferred from their schema and graph. */
export function semanticModelOf(ports: Pick<RetrievalPorts, "schema" | "graph" | "semantic">): SemanticModel {
  if (ports.semantic) return ports.semantic;
  const hit = inferred.get(ports.schema);
  if (hit && hit.graph === ports.graph) return hit.model;
  const model = inferSemanticModel(semanticInputOf(ports.schema, ports.graph));
  inferred.set(ports.schema, { graph: ports.graph, model });
  return model;
}
