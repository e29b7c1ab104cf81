/**
 * FGTR — Fine-Grained multi-Table Retrieval (Sun et al.), framework-free. One file per step of
 * §4: question-parsing, schema-mapping (+ voting), schema-filling, range-parsing, cell-mapping,
 * cell-merging, answer; `runFgtr` chains them. Ports in ./ports, parameters in ./params.
 */
export { runFgtr, type FgtrResult } from "./run-fgtr";
export {
  fgtrParamsSchema,
  DEFAULT_FGTR_PARAMS,
  parseFgtrParams,
  type FgtrParams,
  type FgtrParamsInput,
} from "./params";
export {
  tableOf,
  columnOf,
  type RetrievalPorts,
  type RetrievalSchema,
  type RetrievalTable,
  type RetrievalColumn,
  type CellScope,
  type SqlResult,
  type SqlRunner,
  type SqlOptions,
} from "../../retrieval/ports";
export { questionParsingStep } from "../../reasoner/question/step";
export { schemaMappingStep } from "./schema-mapping";
export { rangeParsingStep } from "../../reasoner/question/ranges/step";
export { answerStep } from "./answer";
export { voteSchema } from "./voting";
export { fillSchema } from "./schema-filling";
export { mapCells } from "../../retrieval/cell-mapping";
export { mergeCells, type SubTable } from "./cell-merging";
export { parseQuestionLocally } from "../../reasoner/question/parse";
export type { ParsedQuestion, ColumnRange, CellHint, Intent } from "../../retrieval/types";
