/** Candidate programs and their trained ranker, shared by the methods' local answer steps. */
export { programRankerSchema, rankOrder, type ProgramRanker } from "./ranker";
export type { ProgramTrainingHook } from "./rank";
