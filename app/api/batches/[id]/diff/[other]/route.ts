import { diffBatches } from "@/lib/server/batches/compare";
import { getBatch } from "@/lib/server/batches/store";
import { handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string; other: string }> };

/** Questions that flipped between batch :id (a) and :other (b): fixed (wrong → right) and broken. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id, other } = await params;
  const diff = await diffBatches(id, other);
  if (!diff) throw notFound("batch", (await getBatch(id)) ? other : id);
  return Response.json(diff);
});
