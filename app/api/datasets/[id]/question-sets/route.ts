import { createQuestionSet, listQuestionSets } from "@/lib/server/batches/question-sets";
import { readQuestionSetUpload } from "@/lib/server/batches/upload";
import { handle } from "@/lib/server/http/errors";
import { notFound } from "@/lib/server/http/not-found";
import { getDataset } from "@/lib/server/stores/datasets";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** The dataset's question sets, newest first. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await getDataset(id))) throw notFound("dataset", id);
  return Response.json({ questionSets: await listQuestionSets(id) });
});

/** Adds a question set: multipart `file` (JSONL or CSV), optional `name` → 201 {id, name, count, errors}. */
export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await getDataset(id))) throw notFound("dataset", id);
  const upload = await readQuestionSetUpload(request);
  const name = upload.name ?? upload.fileName.replace(/\.[^.]+$/, "");
  const set = await createQuestionSet(id, name, upload.items);
  return Response.json({ id: set.id, name: set.name, count: set.count, errors: upload.errors }, { status: 201 });
});
