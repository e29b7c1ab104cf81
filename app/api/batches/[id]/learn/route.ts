import { handle } from "@/lib/server/http/errors";
import { learnFromBatch } from "@/lib/server/learning/gold";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/**
 * Keeps the programs of the batch's right answers (questions with a gold query) as confirmed
 * examples of its dataset, source "question-set gold": `{learned, alreadyKnown, withoutProgram, right}`.
 * 409 while the batch runs.
 */
export const POST = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await learnFromBatch(id));
});
