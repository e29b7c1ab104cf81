import { HttpError, handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { addGlossaryEntry, getGlossary, removeGlossaryEntry, updateGlossaryEntry } from "@/lib/server/glossary/api";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** The entry id from `?id=`, which PATCH and DELETE need. */
function entryId(request: Request): string {
  const id = new URL(request.url).searchParams.get("id");
  if (!id) throw new HttpError("missing_entry_id", "Say which glossary entry: send its id as ?id=….", 400);
  return id;
}

/** The dataset's glossary: words and phrases → a column, a value or a filter. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await getGlossary(id));
});

export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await addGlossaryEntry(id, await readJsonBody(request)), { status: 201 });
});

export const PATCH = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await updateGlossaryEntry(id, entryId(request), await readJsonBody(request)));
});

export const DELETE = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await removeGlossaryEntry(id, entryId(request)));
});
