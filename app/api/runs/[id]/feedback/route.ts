import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { notFound } from "@/lib/server/http/not-found";
import { parseVote, runFeedback, voteOnRun } from "@/lib/server/learning/feedback";
import { getRunSummary } from "@/lib/server/stores/runs";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** The run's 👍 / 👎 and the learned answer it stored: `{runId, vote, learned, note?}`. */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  const run = await getRunSummary(id);
  if (!run) throw notFound("run", id);
  return Response.json(await runFeedback(run));
});

/**
 * `{vote: "up" | "down" | null}`: stores the vote with the run and the answer's program as a
 * confirmed (👍) or rejected (👎) example of the dataset; null takes both back. Answers
 * `{runId, vote, learned, note?}`; 409 while the run has no answer.
 */
export const POST = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const vote = parseVote(await readJsonBody(request));
  const run = await getRunSummary(id);
  if (!run) throw notFound("run", id);
  return Response.json(await voteOnRun(run, vote));
});
