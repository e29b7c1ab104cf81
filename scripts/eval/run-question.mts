// Runs one question through the app's FGTR path (runFgtrOnDataset), as the ask route does.
import { createRecorder } from "../../lib/core/trace/index.ts";
import type { FgtrResult } from "../../lib/core/methods/fgtr/run-fgtr.ts";
import { runFgtrOnDataset } from "../../lib/server/methods/fgtr/index.ts";
import type { EvalArgs } from "./args.mts";

export type Outcome = { result: FgtrResult | null; ms: number; error?: string };

export async function runQuestion(datasetId: string, question: string, args: EvalArgs, extraParams: Record<string, unknown> = {}): Promise<Outcome> {
  if (args.method !== "fgtr") throw new Error(`Method "${args.method}" is not available yet; use --method fgtr.`);
  const sink = createRecorder();
  const start = performance.now();
  try {
    const result = await runFgtrOnDataset(datasetId, question, args.reasoner, { ...extraParams, ...args.params }, sink);
    return { result, ms: performance.now() - start };
  } catch (err) {
    return { result: null, ms: performance.now() - start, error: err instanceof Error ? err.message : String(err) };
  }
}

/** "table.column" keys of FGTR's columns, with display names mapped to source table names. */
export function columnKeys(refs: Array<{ table: string; column: string }>, tableName: (display: string) => string): string[] {
  return refs.map((r) => `${tableName(r.table).toLowerCase()}.${r.column.toLowerCase()}`);
}
