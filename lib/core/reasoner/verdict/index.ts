/**
 * Verdict and calibrated confidence of answers (any method, any reasoner): answer-shape and
 * plausibility checks, a signal vector read from the trace, a trained logistic + isotonic model,
 * and the verdict "answered" / "unsure" / "no-answer" with a one-line reason.
 */
export {
  assessAnswer,
  answerSignals,
  verdictFor,
  type MethodConfidenceModels,
  OWN_VERDICT_METHODS,
} from "./assess";
export { HELIOS_VERDICT_FEATURES, heliosEvidenceVector } from "./helios-evidence";
export { confidenceModelSchema, untrainedModel, type ConfidenceModel } from "./calibration";
export { CONFIDENCE_FEATURES, featureVector } from "./features";
export type { AnswerSignals, ProfiledSchema } from "./types";
