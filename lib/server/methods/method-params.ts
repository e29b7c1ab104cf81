import "server-only";
import { ZodError } from "zod";
import type { AnyMethodModule, MethodNeed } from "@/lib/core/methods/module";
import { findMethod } from "@/lib/core/methods/registry";
import { HttpError } from "@/lib/server/http/errors";

/*
 * What the main thread needs of a method before its run goes to a worker: the module (its entry,
 * not its steps), its parameters parsed, and what a dataset lacks for it.
 */

/** The registered method of an id, or a 400 naming the ones there are. */
export function methodOrThrow(id: string): AnyMethodModule {
  const module = findMethod(id);
  if (!module) throw new HttpError("unknown_method", `Unknown method "${id}".`, 400);
  return module;
}

/** Parses a method's parameters with its schema (defaults filled in); a bad one is a 400 naming it. */
export function parseMethodParams(module: AnyMethodModule, raw: Record<string, unknown>): Record<string, unknown> {
  try {
    return module.paramsSchema.parse(raw) as Record<string, unknown>;
  } catch (err) {
    if (!(err instanceof ZodError)) throw err;
    const issue = err.issues[0];
    throw new HttpError(
      "invalid_params",
      `Parameter ${issue?.path.join(".") || "(params)"}: ${issue?.message ?? "invalid value"}.`,
      400,
    );
  }
}

/** What a method would like from a dataset that it lacks, per need (shown beside its name), or null. */
export async function missingNeed(need: MethodNeed, hasPassages: () => Promise<boolean>): Promise<string | null> {
  if (need === "passages") return (await hasPassages()) ? null : "add passages first";
  return null;
}
