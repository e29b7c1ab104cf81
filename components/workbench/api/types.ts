/** Shapes of the runs, methods and reasoners API as the workbench consumes them (declared once). */
export type { AskBody, MethodInfo, ParamSchema, ReasonerInfo, ReasonersResponse } from "@/lib/core/model/api-types";
export type { RunDetail, RunStatus, RunSummary } from "@/lib/core/model/run";
