import { handle } from "@/lib/server/http/errors";
import { loadSchemaGraph } from "@/lib/server/index/dataset-graph";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  const graph = await loadSchemaGraph(id);
  if (!graph) throw notFound("dataset", id);
  return Response.json(graph);
});
