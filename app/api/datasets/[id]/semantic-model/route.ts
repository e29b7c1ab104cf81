import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { getSemanticModel, patchSemanticModel } from "@/lib/server/semantic/api";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** The dataset's semantic model: entities, labels, measures, dates, flags and views, with the user's edits. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await getSemanticModel(id));
});

/** Keeps or drops the user's edits of the model (zod-validated), read by the next question. */
export const PATCH = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await patchSemanticModel(id, await readJsonBody(request)));
});
