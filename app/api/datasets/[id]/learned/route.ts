import { handle } from "@/lib/server/http/errors";
import { deleteAllLearned, listLearned } from "@/lib/server/stores/learned";
import { loadDataset } from "@/lib/server/stores/datasets";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** The most recent learned answers, at most 500 (the export has them all): `{examples, total}`. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  await loadDataset(id);
  return Response.json(await listLearned(id));
});

/** Forgets every learned answer of the dataset (and the votes of the runs that taught them): `{deleted}`. */
export const DELETE = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  await loadDataset(id);
  return Response.json({ deleted: await deleteAllLearned(id) });
});
