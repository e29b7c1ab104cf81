/** Candidate programs and their trained ranker, shared by the methods' local answer steps. */
export {
  questionCues,
  tokenize,
  staticFeatures,
  denotationFeatures,
  mergeFeatures,
  wordOverlap,
  type ProgramShape,
  type ProgramColumn,
  type Denotation,
  type FeatureVector,
} from "./features";
export { programRankerSchema, scoreFeatures, softmax, rankOrder, type ProgramRanker, type Weights } from "./ranker";
export { rankPrograms, type RankedProgram, type ProgramRun, type ProgramTrainingHook } from "./rank";
