/** Shapes of the runs, methods and reasoners API as the workbench consumes them (declared once). */
export type { AskBody, MethodInfo, ParamSchema } from "@/lib/core/api/methods";
export type { ReasonersResponse } from "@/lib/core/api/reasoners";
export type { RunDetail, RunSummary } from "@/lib/core/api/runs";
