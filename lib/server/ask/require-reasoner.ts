import "server-only";
import type { Reasoner } from "@/lib/core/trace";
import { HttpError } from "@/lib/server/http/errors";
import { activeReasoners } from "@/lib/server/llm";

/** A 400 naming the reasoner when it is not configured on this server. */
export async function requireReasoner(id: Reasoner): Promise<void> {
  const reasoner = (await activeReasoners()).find((r) => r.id === id);
  if (reasoner?.available) return;
  throw new HttpError(
    "reasoner_unavailable",
    `The ${id} reasoner is not configured on this server. ${reasoner?.howToConfigure ?? ""}`.trim(),
  );
}
