import type { Answer } from "@/lib/core/trace";
import { ShownSql } from "@/components/names/NamesContext";

const STYLE = {
  answered: { box: "border-emerald-300 bg-emerald-50 text-emerald-900", dot: "bg-emerald-500", words: "Answered" },
  unsure: { box: "border-amber-300 bg-amber-50 text-amber-900", dot: "bg-amber-500", words: "Unsure" },
  "no-answer": { box: "border-rose-300 bg-rose-50 text-rose-900", dot: "bg-rose-500", words: "No answer" },
} as const;

const count = (n: number) => n.toLocaleString("en-US");

/** "first 200 of 5,312 rows" (or "of at least 100,000") when the row cap cut the answer. */
export function truncationText(t: NonNullable<Answer["truncated"]>): string {
  return `Showing the first ${count(t.shown)} of ${t.exact ? "" : "at least "}${count(t.total)} rows`;
}

/**
 * The verdict beside the answer, in colour and words: how sure the app is (calibrated
 * confidence), why, the runner-up when unsure, and for no-answer what the dataset holds closest.
 */
export function AnswerVerdict({ answer }: { answer: Answer }) {
  if (!answer.verdict) return null;
  const s = STYLE[answer.verdict];
  const pct = answer.confidence === undefined ? null : Math.round(answer.confidence * 100);
  return (
    <div
      data-testid="answer-verdict"
      data-verdict={answer.verdict}
      className={`space-y-1 rounded-md border px-2 py-1.5 text-xs ${s.box}`}
    >
      <p className="flex flex-wrap items-center gap-x-2">
        <span aria-hidden className={`inline-block h-2 w-2 rounded-full ${s.dot}`} />
        <strong data-testid="answer-verdict-words">{s.words}</strong>
        {pct !== null ? <span data-testid="answer-confidence">{pct}% likely right</span> : null}
      </p>
      {answer.reason ? <p data-testid="answer-reason">{answer.reason}</p> : null}
      {answer.verdict === "unsure" && answer.runnerUp ? (
        <p data-testid="answer-runner-up">
          <span className="font-semibold">Runner-up:</span> <ShownSql sql={answer.runnerUp.text} />
          {answer.runnerUp.probability !== undefined ? ` (${Math.round(answer.runnerUp.probability * 100)}%)` : ""}
        </p>
      ) : null}
      {answer.verdict === "no-answer" && answer.closest?.length ? (
        <p data-testid="answer-closest">
          <span className="font-semibold">Closest in this dataset:</span>{" "}
          {answer.closest.map((c) => `${c.table}.${c.name}`).join(", ")}
        </p>
      ) : null}
    </div>
  );
}
