import { handle } from "@/lib/server/http/errors";
import { curationHistory } from "@/lib/server/index/curation-api";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await curationHistory(id));
});
