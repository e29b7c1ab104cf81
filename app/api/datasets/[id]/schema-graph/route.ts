import { HttpError, handle } from "@/lib/server/http/errors";
import { loadSchemaGraph } from "@/lib/server/index/dataset-graph";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  const graph = await loadSchemaGraph(id);
  if (!graph) throw new HttpError(404, "dataset_not_found", `There is no dataset with id "${id}".`);
  return Response.json(graph);
});
