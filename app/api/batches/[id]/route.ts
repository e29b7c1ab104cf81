import { batchReport } from "@/lib/server/batches/results";
import { cancelBatch } from "@/lib/server/batches/runner";
import { handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** A batch's status, progress (done / total, etaMs) and per-method summary. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  const report = await batchReport(id);
  if (!report) throw notFound("batch", id);
  return Response.json(report);
});

/** Cancels a queued or running batch (the question in flight is stopped) → the batch's status. */
export const DELETE = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await batchReport(id))) throw notFound("batch", id);
  const cancelled = await cancelBatch(id);
  return Response.json({ cancelled, batch: await batchReport(id) });
});
