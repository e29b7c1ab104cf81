import "server-only";
import { z } from "zod";
import { type LearnedAnswer, RUN_FEEDBACK_SOURCES, type RunFeedback, type Vote } from "@/lib/core/model/learned";
import type { RunSummary } from "@/lib/core/api/runs";
import { appDb } from "@/lib/server/db/app-db";
import { HttpError } from "@/lib/server/http/errors";
import { addLearned, forgetRunLearning, learnedOfRun } from "@/lib/server/stores/learned";
import { setRunFeedback } from "@/lib/server/stores/runs";

const voteBodySchema = z.object(
  {
    vote: z.enum(["up", "down"], { error: 'Send `vote`: "up", "down" or null.' }).nullable(),
  },
  { error: 'Send a JSON object: {vote: "up" | "down" | null}.' },
);

/** Validates the body of POST /api/runs/:id/feedback; a 400 says what to send. */
export function parseVote(raw: unknown): Vote | null {
  const body = voteBodySchema.safeParse(raw);
  if (body.success) return body.data.vote;
  throw new HttpError("invalid_vote", body.error.issues[0]?.message ?? 'Send {vote: "up" | "down" | null}.');
}

/** Why a vote taught nothing: the answer has no program (another method, or the llm reasoner's SQL). */
const NO_PROGRAM_NOTE =
  "Your vote is kept with the run, but nothing was learned from it: this answer has no program the app " +
  "can reuse (only the local reasoner's FGTR and SGAM answers have one).";

function noteFor(run: RunSummary, vote: Vote | null, learned: LearnedAnswer | null): Pick<RunFeedback, "note"> {
  return vote && !learned && !run.answer?.program ? { note: NO_PROGRAM_NOTE } : {};
}

/** A run's vote and what it taught (GET /api/runs/:id/feedback). */
export async function runFeedback(run: RunSummary): Promise<RunFeedback> {
  const [learned] = await learnedOfRun(run.id, RUN_FEEDBACK_SOURCES);
  return {
    runId: run.id,
    vote: run.feedback,
    learned: learned ?? null,
    ...noteFor(run, run.feedback, learned ?? null),
  };
}

/**
 * 👍 / 👎 on a run's answer (null takes the vote back). The vote is stored on the run; with it the
 * answer's program is stored for the dataset as confirmed (👍) or rejected (👎), replacing what an
 * earlier vote or pick on this run stored. Voting again as before keeps what is stored (a picked
 * alternative stays "picked"). A run still running or without an answer is a 409.
 */
export async function voteOnRun(run: RunSummary, vote: Vote | null): Promise<RunFeedback> {
  const answer = run.answer;
  if (run.status !== "done" || !answer)
    throw new HttpError(
      "run_not_answered",
      run.status === "running"
        ? `Run ${run.id} is still running; vote on its answer when it has one.`
        : `Run ${run.id} has no answer to vote on (it failed).`,
      409,
    );
  const db = await appDb();
  const learned = await db.transaction(async (tx) => {
    await setRunFeedback(run.id, vote, tx);
    if (vote !== null && vote === run.feedback) {
      const [kept] = await learnedOfRun(run.id, RUN_FEEDBACK_SOURCES, tx);
      if (kept) return kept;
    }
    await forgetRunLearning(run.id, RUN_FEEDBACK_SOURCES, tx);
    if (!vote || !answer.program) return null;
    return addLearned(
      {
        datasetId: run.datasetId,
        question: run.question,
        reading: answer.reading ?? "",
        program: answer.program,
        verdict: vote === "up" ? "confirmed" : "rejected",
        source: vote === "up" ? "thumbs-up" : "thumbs-down",
        runId: run.id,
      },
      tx,
    );
  });
  return { runId: run.id, vote, learned, ...noteFor(run, vote, learned) };
}
