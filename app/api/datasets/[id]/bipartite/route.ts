import { handle } from "@/lib/server/http/errors";
import { bipartiteView } from "@/lib/server/passages/graph";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** The bipartite data graph G_d: linked rows, passages and the entity-linking edges. */
export const GET = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await bipartiteView(id));
});
