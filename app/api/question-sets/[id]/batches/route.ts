import { getQuestionSet } from "@/lib/server/batches/question-sets";
import { batchRequestSchema, startBatch } from "@/lib/server/batches/start-batch";
import { listBatches } from "@/lib/server/batches/store";
import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** The set's batches, newest first. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await getQuestionSet(id))) throw notFound("question_set", id);
  return Response.json({ batches: await listBatches(id) });
});

/** Starts a batch: {methods: [...], reasoner?, params?} → 202 {batchId}; it runs in the background. */
export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const body = batchRequestSchema.parse(await readJsonBody(request));
  const batchId = await startBatch(id, body);
  if (!batchId) throw notFound("question_set", id);
  return Response.json({ batchId }, { status: 202 });
});
