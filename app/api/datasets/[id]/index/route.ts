import { handle } from "@/lib/server/http/errors";
import { cancelDatasetIndexing, requestIndexing } from "@/lib/server/index/api";
import { refreshCatalog } from "@/lib/server/postgres/connect";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** Re-runs indexing in the background (a connected database's catalog is re-read first): 202 with the status. */
export const POST = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  await refreshCatalog(id);
  return Response.json({ index: await requestIndexing(id) }, { status: 202 });
});

/** Cancels indexing (waiting or running) at once: 200 with whether anything was stopped and the index status. */
export const DELETE = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await cancelDatasetIndexing(id));
});
