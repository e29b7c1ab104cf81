import { z } from "zod";
import { MULTIPART_TYPE, mediaType } from "@/lib/core/security/body-type";
import { handle, HttpError } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { addPassages, uploadPassages } from "@/lib/server/passages/add-passages";
import { passagesFromColumn } from "@/lib/server/passages/from-column";
import { listPassages } from "@/lib/server/passages/list";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

const listQuery = z.object({
  q: z.string().max(200).default(""),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  ids: z.string().max(4000).optional(),
});

/** Passages of a dataset: a page filtered by a search over title and text, or ?ids=p:1,p:2 in full. */
export const GET = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const url = new URL(request.url);
  const query = listQuery.parse(Object.fromEntries(url.searchParams));
  const ids = query.ids?.split(",").filter(Boolean).slice(0, 200);
  return Response.json(await listPassages(id, query.q, query.offset, query.limit, ids));
});

const fromColumnBody = z.object({
  fromColumn: z.object({
    table: z.string().min(1),
    column: z.string().min(1),
    titleColumn: z.string().min(1).optional(),
  }),
});

/**
 * Adds passages: files (.jsonl, .txt, .md) as multipart "files", or JSON {fromColumn: {table, column, titleColumn?}}.
 */
export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const type = request.headers.get("content-type") ?? "";
  if (mediaType(type) !== MULTIPART_TYPE) {
    const body = await readJsonBody(request);
    const parsed = fromColumnBody.safeParse(body);
    if (!parsed.success)
      throw new HttpError(
        "invalid_request",
        'Send {"fromColumn": {"table", "column", "titleColumn"?}} or upload files as multipart "files".',
        400,
      );
    const { table, column, titleColumn } = parsed.data.fromColumn;
    return Response.json(await addPassages(id, [], await passagesFromColumn(id, table, column, titleColumn)), {
      status: 201,
    });
  }
  return Response.json(await uploadPassages(id, request), { status: 201 });
});
