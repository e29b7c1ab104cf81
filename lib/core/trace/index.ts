/**
 * The spine of every run: one zod-typed union of trace events, sinks that receive them, and the
 * recorder that numbers and fans them out (docs/ARCHITECTURE.md, "The event spine").
 */
export {
  capRowIds,
  type Reasoner,
  type CellValue,
  type Comparator,
} from "./atoms";
export {
  answerSchema,
  type Answer,
  type AnswerResultTable,
  type WrittenCell,
} from "./kinds-run";
export {
  traceEventSchema,
  TRACE_EVENT_TYPES,
  parseTraceEvent,
  type TraceEvent,
  type TraceEventOf,
  type TraceEventInput,
} from "./event";
export { withContext, runStage, type EventSink } from "./sink";
export {
  createRecorder,
  nullSink,
  InvalidTraceEventError,
  refuseSpineKinds,
} from "./recorder";
export {
  TRACE_PART_TYPE,
  COMPARE_PART_TYPE,
} from "./stream-part";
