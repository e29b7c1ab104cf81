import type { z } from "zod";
import type { CellGraph, CellNode } from "../cell-graph/graph";
import type { ColumnRef } from "../model/column-ref";
import type { TableMeta } from "../model/dataset";
import type { SemanticModel } from "../model/semantic-model";
import type { LlmPort } from "../reasoner/llm-port";
import type { RetrievalPorts } from "../retrieval/ports";
import type { RunConstraints } from "../retrieval/constraints/types";
import type { Reasoner } from "../trace/atoms";
import type { Answer, EvidenceCell } from "../trace/kinds-run";
import type { EventSink } from "../trace/sink";
import type { GraphotterModel } from "./graphotter/policy-model";
import type { HeliosIndex } from "./helios/graph-index";
import type { ReaderModel } from "./helios/reader-model";
import type { RerankModel } from "./helios/rerank-model";

/**
 * The one shape of a question-answering method: its folder exports a `MethodModule`, the
 * registry (./registry.ts) lists it, and one server adapter builds the ports its `needs` name.
 * Nothing outside the folder and the registry line names a method.
 */

/** The retrieval ports of a stored dataset, and whether its index was still being built. */
export type DatasetRetrieval = RetrievalPorts & { indexSource: "persisted" | "temporary" };

/** One table of a dataset opened as a cell graph (GraphOTTER), with the cells it maps back to. */
export type OpenedCellGraph = {
  graph: CellGraph;
  /** True when only the first rows were read. */
  truncated: boolean;
  /** Rows read at most. */
  maxRows: number;
  evidenceOf: (node: CellNode) => EvidenceCell | null;
};

/** The tables of a dataset as cell graphs, with GraphOTTER's trained policy when there is one. */
export type CellGraphPort = {
  datasetName: string;
  /** The dataset's semantic model (labels, dates, flags, units), when it has one. */
  semantic?: SemanticModel | null;
  tables: readonly TableMeta[];
  open: (table: TableMeta) => Promise<OpenedCellGraph>;
  model?: GraphotterModel;
  /** The dataset's cell index and guarded SQL runner, for the pre-filter of a plain, large table. */
  retrieval?: () => Promise<RetrievalPorts>;
};

/** The tables of a dataset ranked for a question by schema retrieval, best first. */
export type TableRanking = Array<{ table: string; score: number }>;
export type TableRanker = (question: string, sink: EventSink) => Promise<TableRanking>;

/** Rows and passages as HELIOS's bipartite graph, with its trained reader and rerankers when there are. */
type PassagesPort = {
  index: HeliosIndex;
  readerModel?: ReaderModel;
  rerankModel?: RerankModel;
  semantic?: SemanticModel | null;
};

/** Every port a method may ask for; the adapter builds only the ones named in `needs`. */
export type MethodPorts = {
  retrieval: DatasetRetrieval;
  "cell-graph": CellGraphPort;
  "table-ranking": TableRanker;
  passages: PassagesPort;
};
export type MethodNeed = keyof MethodPorts;

/** What every run gets besides its ports: the question, parsed parameters, reasoner and cancel. */
export type MethodInput<P> = {
  question: string;
  params: P;
  reasoner: Reasoner;
  llm: LlmPort | null;
  signal?: AbortSignal;
  /** A re-run's pins and exclusions (only for methods with `takesConstraints`). */
  constraints?: RunConstraints;
};

/** The columns (and sub-tables) a run retrieved, as batches and `npm run eval` score them. */
export type RetrievalView = {
  /** Columns the method selected before filling in keys (FGTR's vote, SGAM's attributes). */
  selected: ColumnRef[];
  /** Columns it read, keys included. */
  columns: ColumnRef[];
  tables: string[];
  /** FGTR's merged sub-tables; null for methods that build none. */
  subTables: Array<{ table: string; columns: string[]; rowIds: number[] | null }> | null;
};

/** What a method returns: its answer, its token use, and whatever else it reports. */
export type MethodResult = { answer: Answer; tokens?: { input: number; output: number } };

export type MethodModule<
  Id extends string = string,
  P extends z.ZodType = z.ZodType,
  R extends MethodResult = MethodResult,
  N extends MethodNeed = MethodNeed,
> = {
  id: Id;
  label: string;
  description: string;
  paramsSchema: P;
  /** The ports it reads; a need the dataset cannot fill (no passages yet) is noted beside its name. */
  needs: readonly N[];
  /** Whether its steps honour a re-run's pins and exclusions. */
  takesConstraints?: boolean;
  /**
   * Whether its answers carry readings and alternatives, and its `program` parameter answers with
   * one of them (picking an alternative, learned answers).
   */
  answersWithReadings?: boolean;
  run: (input: MethodInput<z.output<P>>, ports: Pick<MethodPorts, N>, sink: EventSink) => Promise<R>;
  /** The retrieval a result holds, for scoring; absent when the method only answers. */
  retrievalView?: (result: R) => RetrievalView;
  /** Its retrieval view holds sub-tables, so cell metrics apply (a failed run retrieved no cells). */
  retrievesCells?: boolean;
};

/** Keeps a module's own parameter, result and needs types (no `any` at the call). */
export function defineMethod<Id extends string, P extends z.ZodType, R extends MethodResult, N extends MethodNeed>(
  module: MethodModule<Id, P, R, N>,
): MethodModule<Id, P, R, N> {
  return module;
}

/** A method module with its types erased, as the registry and the adapter hold it. */
export type AnyMethodModule = Omit<MethodModule, "run" | "retrievalView"> & {
  // biome-ignore lint/suspicious/noExplicitAny: each module's own parameter type, erased
  run: (input: MethodInput<any>, ports: any, sink: EventSink) => Promise<MethodResult>;
  // biome-ignore lint/suspicious/noExplicitAny: each module's own result type, erased
  retrievalView?: (result: any) => RetrievalView;
};
