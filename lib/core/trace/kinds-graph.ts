import { z } from "zod";
import { eventBase, rowIdSchema, TRACE_LIMITS } from "./atoms";

/**
 * Events of the graph methods: GraphOTTER's Thought–Action–Update loop over a cell graph and
 * HELIOS's retrieval over the bipartite graph of table segments (rows) and passages. Nodes are
 * referred to by id; `segment` and `passage` are node ids of the bipartite graph.
 */

export const graphActionSchema = z.enum(["VisitNode", "GetAllNeighbours", "GetSharedNeighbours", "AnswerQuestion"]);
export type GraphAction = z.infer<typeof graphActionSchema>;

export const graphActionEvent = z.object({
  ...eventBase,
  type: z.literal("graph-action"),
  step: z.number().int().nonnegative(),
  thought: z.string(),
  action: graphActionSchema,
  /** Node ids (or the answer text for AnswerQuestion), in the action's argument order. */
  args: z.array(z.string()).max(TRACE_LIMITS.nodes),
  resultNodes: z.array(z.string()).max(TRACE_LIMITS.nodes),
  /** How many result nodes there were (resultNodes is capped). */
  resultCount: z.number().int().nonnegative().optional(),
  /** What the action found, in words (GraphOTTER's observation). */
  observation: z.string().optional(),
  /** Node id → cell text (clipped) for the nodes named above, so the timeline reads without the graph. */
  labels: z.record(z.string(), z.string()).optional(),
  /** Set when the action repeated an earlier one and was not run again. */
  repeated: z.boolean().optional(),
});

/** GraphOTTER: the table opened as a cell graph (§3.2). Nodes are "r{row}c{col}" grid positions. */
export const cellGraphEvent = z.object({
  ...eventBase,
  type: z.literal("cell-graph"),
  table: z.string(),
  rows: z.number().int().nonnegative(),
  columns: z.number().int().nonnegative(),
  headerRows: z.number().int().nonnegative(),
  nodes: z.number().int().nonnegative(),
  merged: z.number().int().nonnegative(),
  /** How the table was chosen: "only", "param" or "schema-retrieval". */
  choice: z.enum(["only", "param", "schema-retrieval"]).optional(),
  /** The header tree read from the grid: left header columns, header cells, section rows, totals. */
  headerTree: z
    .object({
      leftColumns: z.number().int().nonnegative(),
      headers: z.number().int().nonnegative(),
      sections: z.number().int().nonnegative(),
      totals: z.number().int().nonnegative(),
      depth: z.number().int().nonnegative(),
    })
    .optional(),
  /** Rows the SQL pre-filter selected, when the table was plain and large (of `tableRows`). */
  prefilter: z.object({ rows: z.number().int().nonnegative(), tableRows: z.number().int().nonnegative() }).optional(),
});

/** GraphOTTER trace initialisation (A.3.1): the reasoner's choice ∩ the encoder's nearest cells. */
export const traceInitEvent = z.object({
  ...eventBase,
  type: z.literal("trace-init"),
  k: z.number().int().positive(),
  nodes: z.array(z.string()).max(TRACE_LIMITS.nodes),
  chosen: z.array(z.string()).max(TRACE_LIMITS.nodes),
  nearest: z.array(z.string()).max(TRACE_LIMITS.nodes),
  /** True when the intersection was too small and was filled from the two lists. */
  fallback: z.boolean(),
  labels: z.record(z.string(), z.string()).optional(),
});

/** The reasoning trace after an update: every node and edge in it (ids only). */
export const traceUpdateEvent = z.object({
  ...eventBase,
  type: z.literal("trace-update"),
  nodes: z.array(z.string()).max(TRACE_LIMITS.nodes),
  edges: z.array(z.object({ source: z.string(), target: z.string() })).max(TRACE_LIMITS.edges),
});

const scoredEdge = z.object({
  segment: z.string(),
  /** Null for a segment retrieved without a linked passage. */
  passage: z.string().nullable(),
  score: z.number(),
});

export const edgeRetrievalEvent = z.object({
  ...eventBase,
  type: z.literal("edge-retrieval"),
  edges: z.array(scoredEdge).max(TRACE_LIMITS.edges),
  k: z.number().int().positive(),
});

export const rerankEvent = z.object({
  ...eventBase,
  type: z.literal("rerank"),
  edges: z
    .array(scoredEdge.extend({ previousRank: z.number().int().nonnegative().optional() }))
    .max(TRACE_LIMITS.edges),
  k: z.number().int().positive(),
});

export const seedSelectionEvent = z.object({
  ...eventBase,
  type: z.literal("seed-selection"),
  nodes: z.array(z.object({ node: z.string(), score: z.number() })).max(TRACE_LIMITS.nodes),
  beam: z.number().int().nonnegative(),
});

export const expansionEvent = z.object({
  ...eventBase,
  type: z.literal("expansion"),
  edges: z.array(z.object({ from: z.string(), to: z.string(), score: z.number() })).max(TRACE_LIMITS.edges),
  beam: z.number().int().nonnegative(),
});

/** HELIOS column-wise aggregation: whether the question needs it and the segments it selected. */
export const aggregationEvent = z.object({
  ...eventBase,
  type: z.literal("aggregation"),
  needed: z.boolean(),
  rows: z.array(z.string()).max(TRACE_LIMITS.nodes),
  /** Table rows behind the segments, when the segments map to dataset rows. */
  rowRefs: z
    .array(z.object({ table: z.string(), rowId: rowIdSchema }))
    .max(TRACE_LIMITS.nodes)
    .optional(),
  operation: z.string().optional(),
  reason: z.string().optional(),
});

/** HELIOS reader: its best candidate answers with their probabilities, and whether it abstained. */
export const readerCandidatesEvent = z.object({
  ...eventBase,
  type: z.literal("reader-candidates"),
  candidates: z
    .array(
      z.object({
        text: z.string(),
        score: z.number(),
        source: z.enum(["cell", "passage", "aggregation"]),
        segment: z.string(),
        column: z.string().optional(),
        passage: z.string().optional(),
        /** What the reader read the string as (year, date, number, proper name, noun phrase…). */
        kind: z.string().optional(),
        /** Rank of the candidate's star (0 = the best retrieved row). */
        star: z.number().int().min(0).optional(),
        /** Share of the question's content words its sentence (or its cell's header and row) holds. */
        cover: z.number().min(0).max(1).optional(),
        /** How many places of the stars (cells, sentences) read this same answer. */
        places: z.number().int().min(1).optional(),
        /** Whether it is the kind of answer the question asks for (a year for "what year", a name for "who"…). */
        fits: z.boolean().optional(),
      }),
    )
    .max(TRACE_LIMITS.hits),
  /** Probability that none of the candidates is right. */
  none: z.number(),
  threshold: z.number(),
  abstained: z.boolean(),
});

export const passageVerificationEvent = z.object({
  ...eventBase,
  type: z.literal("passage-verification"),
  passage: z.string(),
  segment: z.string().optional(),
  keep: z.boolean(),
  reason: z.string(),
});
