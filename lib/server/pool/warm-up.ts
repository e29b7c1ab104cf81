import "server-only";
import { threadPool } from "./thread-pools";

/** Server start: one question thread parses the trained models (a damaged one fails the start, loudly). */
export async function warmUpQuestionWorker(): Promise<void> {
  const pool = await threadPool("questions");
  await pool.run({ kind: "warm-up" });
}
