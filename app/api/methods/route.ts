import { z } from "zod";
import { handle } from "@/lib/server/http/errors";
import { methodCatalog } from "@/lib/server/ask/methods";

export const dynamic = "force-dynamic";

const methodsQuery = z.object({ dataset: z.string().min(1).max(200).optional() });

/**
 * The question-answering methods, with the JSON Schema of each one's parameters; with ?dataset=<id>
 * each also says what that dataset lacks for it (`note`), so no client decides availability itself.
 */
export const GET = handle(async (request?: Request) => {
  const url = new URL(request?.url ?? "http://localhost/api/methods");
  const { dataset } = methodsQuery.parse(Object.fromEntries(url.searchParams));
  return Response.json({ methods: await methodCatalog(dataset) });
});
