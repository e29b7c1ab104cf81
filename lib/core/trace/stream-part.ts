/**
 * The contract between the run route and the browser: each TraceEvent travels as one AI SDK UI
 * message data part of type `data-trace` whose `data` is the event, in `seq` order. A client
 * types its messages as `UIMessage<unknown, TraceDataParts>` and reads `part.data`.
 */
const TRACE_PART_NAME = "trace";
export const TRACE_PART_TYPE = `data-${TRACE_PART_NAME}` as const;

/**
 * A compare streams the runs of several methods on one response: each event travels as a
 * `data-compare` part whose `data` is `{method, runId, event}`, in each run's `seq` order.
 */
const COMPARE_PART_NAME = "compare";
export const COMPARE_PART_TYPE = `data-${COMPARE_PART_NAME}` as const;
