import "server-only";
import { composeSchemaGraph } from "./dataset-graph";
import type { IndexRunContext } from "./run-context";
import { listSchemaEdges } from "./schema-edges";

const STAGE = "schema graph";

/**
 * Stage 5: SGAM's schema graph over this generation's profiles and joins and the user's edges.
 * Nothing is stored: the served graph is composed per request from the same parts, so user edits
 * never need re-indexing. The stage checks the parts fit together and reports the graph's shape.
 */
export async function graphStage(ctx: IndexRunContext): Promise<void> {
  ctx.progress.start(STAGE, 1);
  const edges = await listSchemaEdges(ctx.datasetId);
  const graph = composeSchemaGraph({ tables: ctx.dataset.tables, joins: ctx.joins, profiles: ctx.profiles, edges });
  const count = (kind: string) => graph.edges.filter((e) => e.kind === kind).length;
  const inferredKeys = graph.nodes.filter((n) => n.primaryKeyOrigin === "inferred").length;
  ctx.progress.note(
    STAGE,
    `${graph.nodes.length} column ` +
      `nodes; ${graph.edges.length} edges: ${count("key")} key, ${count("foreign_key")} foreign ` +
      `key, ${count("join")} same-name ` +
      `key, ${count("discovered")} discovered, ${graph.edges.filter((e) => e.origin === "curated").length} curated.`,
  );
  for (const note of graph.notes ?? []) ctx.progress.note(STAGE, note);
  if (inferredKeys)
    ctx.progress.note(
      STAGE,
      `${inferredKeys} primary key${inferredKeys === 1 ? "" : "s"} inferred from unique, never-empty columns.`,
    );
  ctx.progress.end(STAGE);
}
