import { handle } from "@/lib/server/http/errors";
import { listJoins } from "@/lib/server/index/api";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await listJoins(id));
});
