import { MAX_GRAPH_IMPORT_BYTES } from "@/lib/core/model/limits";
import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { exportCuratedGraph, importCuratedGraph } from "@/lib/server/index/curation-api";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await exportCuratedGraph(id), {
    headers: { "content-disposition": `attachment; filename="schema-graph-${id}.json"` },
  });
});

/** Replaces the curated edges with the file's; `?strict=1` refuses the whole file on any bad edge. */
export const PUT = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const strict = ["1", "true"].includes(new URL(request.url).searchParams.get("strict") ?? "");
  return Response.json(
    await importCuratedGraph(
      id,
      await readJsonBody(request, {
        maxBytes: MAX_GRAPH_IMPORT_BYTES,
        limitName: "MAX_GRAPH_IMPORT_BYTES",
        label: "The import file",
        suffix: " Nothing was changed.",
      }),
      { strict },
    ),
  );
});
