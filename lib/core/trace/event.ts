import { z } from "zod";
import * as constraints from "./kinds-constraints";
import * as graph from "./kinds-graph";
import * as programs from "./kinds-programs";
import * as retrieval from "./kinds-retrieval";
import * as run from "./kinds-run";
import * as sgam from "./kinds-sgam";

/**
 * The one event union of the app (docs/ARCHITECTURE.md, "The event spine"): methods emit these, the route streams
 * them as `data-trace` parts, the UI renders them and the runs store keeps them. Add a kind by
 * writing its z.object in a kinds-* file and listing it here; everything else follows.
 */
export const traceEventSchema = z.discriminatedUnion("type", [
  run.runStartEvent,
  run.runEndEvent,
  run.stageStartEvent,
  run.stageEndEvent,
  run.stepEndEvent,
  run.llmCallEvent,
  run.sqlEvent,
  run.warningEvent,
  run.errorEvent,
  run.answerEvent,
  retrieval.questionParseEvent,
  retrieval.schemaVoteEvent,
  retrieval.schemaSelectionEvent,
  retrieval.schemaFillEvent,
  retrieval.joinPathEvent,
  retrieval.columnRangeEvent,
  retrieval.cellHitsEvent,
  retrieval.subTableEvent,
  retrieval.viewScopeEvent,
  graph.graphActionEvent,
  graph.traceUpdateEvent,
  graph.edgeRetrievalEvent,
  graph.rerankEvent,
  graph.seedSelectionEvent,
  graph.expansionEvent,
  graph.aggregationEvent,
  graph.passageVerificationEvent,
  graph.readerCandidatesEvent,
  sgam.attributeRetrievalEvent,
  sgam.schemaPathEvent,
  graph.cellGraphEvent,
  graph.traceInitEvent,
  programs.programCandidatesEvent,
  programs.programReuseEvent,
  constraints.constraintEvent,
]);

export type TraceEvent = z.infer<typeof traceEventSchema>;
export type TraceEventType = TraceEvent["type"];

/** The event of one kind, e.g. `TraceEventOf<"schema-vote">`. */
export type TraceEventOf<T extends TraceEventType> = Extract<TraceEvent, { type: T }>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a method passes to `emit`: an event without `seq` and `at`, which the recorder assigns. */
export type TraceEventInput = DistributiveOmit<TraceEvent, "seq" | "at">;

/** Every event kind, in the order of the union (for UIs that list or filter kinds). */
export const TRACE_EVENT_TYPES: readonly TraceEventType[] = traceEventSchema.options.map((o) => o.shape.type.value);

/**
 * Parses one stored or streamed event. Returns null for data that is not a valid event (for
 * example written by a newer version), so a replay can skip it instead of failing whole.
 */
export function parseTraceEvent(data: unknown): TraceEvent | null {
  const result = traceEventSchema.safeParse(data);
  return result.success ? result.data : null;
}
