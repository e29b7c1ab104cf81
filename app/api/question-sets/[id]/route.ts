import { z } from "zod";
import {
  deleteQuestionSet,
  getQuestionSet,
  questionsOf,
  renameQuestionSet,
  replaceQuestions,
} from "@/lib/server/batches/question-sets";
import { readQuestionSetUpload } from "@/lib/server/batches/upload";
import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** A question set with its questions. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  const set = await getQuestionSet(id);
  if (!set) throw notFound("question_set", id);
  return Response.json({ ...set, questions: await questionsOf(id) });
});

const renameBody = z.object({ name: z.string().trim().min(1, "The name is empty.").max(200) });

/** Renames a set: {name}. */
export const PATCH = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const { name } = renameBody.parse(await readJsonBody(request));
  const set = await renameQuestionSet(id, name);
  if (!set) throw notFound("question_set", id);
  return Response.json(set);
});

/** Re-uploads a set: multipart `file` replaces its questions → {id, name, count, errors}. */
export const PUT = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await getQuestionSet(id))) throw notFound("question_set", id);
  const upload = await readQuestionSetUpload(request);
  const set = await replaceQuestions(id, upload.items);
  if (!set) throw notFound("question_set", id);
  return Response.json({ id: set.id, name: set.name, count: set.count, errors: upload.errors });
});

/** Deletes a set with its batches → 204. */
export const DELETE = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await deleteQuestionSet(id))) throw notFound("question_set", id);
  return new Response(null, { status: 204 });
});
