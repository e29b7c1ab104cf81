import type { Reasoner } from "@/lib/core/trace";

/** Shapes of the runs, methods and reasoners API as the workbench consumes them. */

export type { RunDetail, RunStatus, RunSummary } from "@/lib/core/model/run";

export interface ReasonerInfo {
  id: Reasoner;
  label: string;
  available: boolean;
  howToConfigure?: string;
}

export interface ReasonersResponse {
  reasoners: ReasonerInfo[];
  howToConfigure: string;
}

/** The subset of JSON Schema the advanced panel renders. */
export interface ParamSchema {
  type: "integer" | "number" | "boolean" | "string";
  default?: number | boolean | string;
  description?: string;
  minimum?: number;
  maximum?: number;
}

export interface MethodInfo {
  id: string;
  label: string;
  description: string;
  available: boolean;
  params: { properties?: Record<string, ParamSchema> } | null;
}

export interface AskBody {
  question: string;
  method: string;
  reasoner: Reasoner;
  params: Record<string, unknown>;
}
