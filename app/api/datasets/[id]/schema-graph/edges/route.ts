import { HttpError, handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import {
  addCuratedEdge,
  listCuratedEdges,
  removeCuratedEdge,
  updateCuratedEdge,
  viaOf,
} from "@/lib/server/index/curation-api";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** The edge id from `?id=` or the body's `id`, which PATCH and DELETE need. */
function edgeId(request: Request, body: unknown): string {
  const fromQuery = new URL(request.url).searchParams.get("id");
  const fromBody = body && typeof body === "object" && "id" in body ? (body as { id: unknown }).id : undefined;
  const id = fromQuery ?? fromBody;
  if (typeof id !== "string" || !id)
    throw new HttpError("missing_edge_id", "Say which edge: send its id as ?id=… or in the body.", 400);
  return id;
}

function optionalBody(request: Request): Promise<unknown> {
  return readJsonBody(request, { optional: true });
}

/** The dataset's kept edges (hand-drawn, accepted and rejected) with their ids. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await listCuratedEdges(id));
});

export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const body = await readJsonBody(request);
  return Response.json(await addCuratedEdge(id, body, viaOf(body, request.url)), { status: 201 });
});

export const PATCH = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const body = await readJsonBody(request);
  return Response.json(await updateCuratedEdge(id, edgeId(request, body), body, viaOf(body, request.url)));
});

export const DELETE = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const body = await optionalBody(request);
  return Response.json(await removeCuratedEdge(id, edgeId(request, body), viaOf(body, request.url)));
});
