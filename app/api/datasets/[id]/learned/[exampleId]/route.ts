import { handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { deleteLearned } from "@/lib/server/stores/learned";
import { loadDataset } from "@/lib/server/stores/datasets";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; exampleId: string }> };

/** Forgets one learned answer (a vote that stored it is taken back from its run): 204. */
export const DELETE = handle(async (_request: Request, { params }: Ctx) => {
  const { id, exampleId } = await params;
  const dataset = await loadDataset(id);
  if (!(await deleteLearned(id, exampleId))) throw notFound("learned_example", exampleId, dataset.name);
  return new Response(null, { status: 204 });
});
