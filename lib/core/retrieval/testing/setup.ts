/** Test support: sample ports over an in-memory database, closed after each test. */
import { afterEach } from "vitest";
import type { LlmPort } from "../../reasoner/llm-port";
import type { Reasoner } from "../../trace/atoms";
import { memoryEngine } from "./libsql-engine";
import { samplePorts, type SqlEngine } from "./sample-ports";

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((e) => e.close()));

export async function sampleSetup(
  options: { reasoner?: Reasoner; llm?: LlmPort | null } = {},
): Promise<{ engine: SqlEngine; ports: Awaited<ReturnType<typeof samplePorts>> }> {
  const engine = memoryEngine();
  open.push(engine);
  return { engine, ports: await samplePorts(engine, options) };
}
