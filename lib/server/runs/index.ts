import "server-only";

/** Running a method as a recorded, streamed run (docs/ARCHITECTURE.md, "The event spine"). */
export { streamRun, wantsJson } from "./stream-run";
export {
  executeRun,
  type RunSpec,
  type QuestionRunContext,
  type ExecuteMethod,
  type QuestionRunOutcome,
  type ExecuteRunOptions,
} from "./execute-run";
export { createEventWriter, type EventWriter, type EventWriterOptions } from "./event-writer";
