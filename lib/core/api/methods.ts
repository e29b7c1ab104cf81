// The methods the workbench offers (GET /api/methods) and the ask request.
// Declared once (no copies): the routes build these shapes and the client reads them.

/** The subset of JSON Schema the advanced panel renders. */
export type ParamSchema = {
  type: "integer" | "number" | "boolean" | "string";
  /** null: an optional parameter the method fills in itself when left empty. */
  default?: number | boolean | string | null;
  description?: string;
  minimum?: number;
  maximum?: number;
};

/** One method as the workbench offers it (GET /api/methods); `params` is its JSON Schema. */
export type MethodInfo = {
  id: string;
  label: string;
  description: string;
  available: boolean;
  /** Asked for one dataset: what it lacks that the method would use ("add passages first"), else null. */
  note?: string | null;
  /** Whether its runs honour pins and exclusions (the steer panel re-runs only these). */
  takesConstraints?: boolean;
  params: { properties?: Record<string, ParamSchema> } | null;
};

/** POST /api/datasets/:id/ask. */
export type AskBody = { question: string; method: string; reasoner: "local" | "llm"; params: Record<string, unknown> };
