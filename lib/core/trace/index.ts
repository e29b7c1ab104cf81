/**
 * The spine of every run: one zod-typed union of trace events, sinks that receive them, and the
 * recorder that numbers and fans them out (docs/ARCHITECTURE.md, "The event spine").
 */
export {
  reasonerSchema,
  cellValueSchema,
  comparatorSchema,
  capRowIds,
  TRACE_LIMITS,
  type Reasoner,
  type CellValue,
  type Comparator,
} from "./atoms";
export {
  answerSchema,
  answerResultSchema,
  writtenCellSchema,
  evidenceCellSchema,
  verdictSchema,
  type Answer,
  type AnswerResultTable,
  type WrittenCell,
  type EvidenceCell,
  type Verdict,
} from "./kinds-run";
export { graphActionSchema, type GraphAction } from "./kinds-graph";
export {
  traceEventSchema,
  TRACE_EVENT_TYPES,
  parseTraceEvent,
  type TraceEvent,
  type TraceEventType,
  type TraceEventOf,
  type TraceEventInput,
} from "./event";
export { withContext, runStage, roundMs, type EventSink, type SinkContext } from "./sink";
export {
  createRecorder,
  nullSink,
  InvalidTraceEventError,
  refuseSpineKinds,
  type TraceRecorder,
  type TraceListener,
  type RecorderOptions,
} from "./recorder";
export {
  TRACE_PART_NAME,
  TRACE_PART_TYPE,
  COMPARE_PART_NAME,
  COMPARE_PART_TYPE,
  type TraceDataParts,
} from "./stream-part";
