import { HttpError, handle } from "@/lib/server/http/errors";
import { exportCuratedGraph, importCuratedGraph } from "@/lib/server/index/curation-api";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await exportCuratedGraph(id), { headers: { "content-disposition": `attachment; filename="schema-graph-${id}.json"` } });
});

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** An export file can be larger than an ordinary request body; still bounded. */
async function readImport(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > MAX_IMPORT_BYTES) throw new HttpError(413, "body_too_large", "The import file is larger than 5 MB. Nothing was changed.");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "invalid_json", "The import file is not valid JSON. Nothing was changed.");
  }
}

/** Replaces the curated edges with the file's; `?strict=1` refuses the whole file on any bad edge. */
export const PUT = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const strict = ["1", "true"].includes(new URL(request.url).searchParams.get("strict") ?? "");
  return Response.json(await importCuratedGraph(id, await readImport(request), { strict }));
});
