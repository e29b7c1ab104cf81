import { z } from "zod";
import { edgeKindSchema, edgeOriginSchema } from "../model/index-types";
import { eventBase, TRACE_LIMITS } from "./atoms";

/**
 * Events of SGAM (the SGAM paper, §3): retrieved attributes per question segment, and each
 * attribute-to-key path as it is found, pruned at its last inter-table edge, and merged. Its
 * decomposition travels in `question-parse` (conditions, mainQuestion). Nodes are schema-graph
 * node ids ("table.column").
 */

const retrievedAttributeSchema = z.object({
  table: z.string(),
  column: z.string(),
  /** Raw similarity s_i of the segment to the attribute's keyword set. */
  similarity: z.number(),
  /** s'_i, squared and min-max normalised over all attributes (eq. 2). */
  score: z.number(),
  /** The keywords that matched the segment, a few. */
  keywords: z.array(z.string()).max(20).optional(),
});

export const attributeRetrievalEvent = z.object({
  ...eventBase,
  type: z.literal("attribute-retrieval"),
  segment: z.string(),
  role: z.enum(["condition", "main"]),
  tau: z.number(),
  attributes: z.array(retrievedAttributeSchema).max(TRACE_LIMITS.columns),
});

const pathEdgeSchema = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  kind: edgeKindSchema,
  origin: edgeOriginSchema,
  label: z.string().optional(),
});

/**
 * One path of the search: "found" (attribute to its terminal key, eq. 8), "pruned" (the
 * single-table sub-path after the last inter-table edge, eq. 10; `cause` is that edge), or
 * "merged" (sub-paths that shared nodes, listed in `members`).
 */
export const schemaPathEvent = z.object({
  ...eventBase,
  type: z.literal("schema-path"),
  status: z.enum(["found", "pruned", "merged"]),
  path: z.string(),
  attribute: z.string(),
  terminal: z.string(),
  nodes: z.array(z.string()).max(TRACE_LIMITS.nodes),
  edges: z.array(pathEdgeSchema).max(TRACE_LIMITS.edges),
  cause: pathEdgeSchema.optional(),
  members: z.array(z.string()).max(TRACE_LIMITS.nodes).optional(),
});
