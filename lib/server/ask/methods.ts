import "server-only";
import { z } from "zod";
import type { AnyMethodModule } from "@/lib/core/methods/module";
import { METHOD_MODULES } from "@/lib/core/methods/registry";
import type { MethodInfo } from "@/lib/core/api/methods";
import { missingNeed } from "@/lib/server/methods/method-params";
import { searchPassages } from "@/lib/server/passages/store";

export type { MethodInfo };

/**
 * The methods with the JSON Schema of their parameters, for GET /api/methods: the one place that says
 * which methods a dataset can run, what each would like it to have (`note`), and what its runs show.
 */
export async function methodCatalog(datasetId?: string): Promise<MethodInfo[]> {
  let passages: Promise<boolean> | null = null;
  const hasPassages = () =>
    (passages ??= datasetId ? searchPassages(datasetId, "", 0, 1).then((r) => r.total > 0) : Promise.resolve(true));
  return Promise.all(
    METHOD_MODULES.map(async (module) => {
      const m: AnyMethodModule = module;
      const notes = datasetId ? await Promise.all(m.needs.map((need) => missingNeed(need, hasPassages))) : [];
      return {
        id: m.id,
        label: m.label,
        description: m.description,
        available: true,
        note: notes.find((n) => n !== null) ?? null,
        takesConstraints: m.takesConstraints === true,
        params: z.toJSONSchema(m.paramsSchema, { io: "input" }) as MethodInfo["params"],
      };
    }),
  );
}
