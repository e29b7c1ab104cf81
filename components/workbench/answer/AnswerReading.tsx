import { Spinner } from "@/components/ui/Spinner";
import type { Answer } from "@/lib/core/trace";

/** What the page lets a reader do with the answer's readings; absent, they are shown but not clickable. */
export type ReadingActions = {
  /** Re-answer the question with alternative reading n. */
  onPick?: (n: number) => void;
  /** The alternative being re-answered, while it runs. */
  picking?: number | null;
  /** Why the last pick failed. */
  error?: string | null;
};

/**
 * "I read this as: …" (the answer's program in words) and, when the program came from a confirmed
 * earlier answer, which one.
 */
export function AnswerReading({ answer }: { answer: Answer }) {
  if (!answer.reading && !answer.learnedFrom) return null;
  return (
    <div className="space-y-1 text-xs text-zinc-700">
      {answer.reading ? (
        <p data-testid="answer-reading">
          <span className="font-semibold text-zinc-900">I read this as:</span>{" "}
          <span data-testid="answer-reading-text">{answer.reading}</span>
        </p>
      ) : null}
      {answer.learnedFrom ? (
        <p
          data-testid="answer-learned-from"
          className="rounded border border-sky-200 bg-sky-50 px-2 py-1 text-sky-900"
          title={`${Math.round(answer.learnedFrom.similarity * 100)}% similar`}
        >
          Learned from your earlier answer: «
          <span data-testid="answer-learned-from-question">{answer.learnedFrom.question}</span>»
        </p>
      ) : null}
    </div>
  );
}

const PICK = [
  "w-full cursor-pointer rounded border border-indigo-200 bg-indigo-50/40 px-2 py-1 text-left text-xs text-zinc-800",
  "hover:border-indigo-400 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60",
].join(" ");

/** The next-best readings as one-click buttons: each re-answers the question with that reading. */
export function AnswerAlternatives({ answer, actions }: { answer: Answer; actions?: ReadingActions }) {
  const alternatives = answer.alternatives ?? [];
  if (!alternatives.length) return null;
  const busy = actions?.picking !== undefined && actions.picking !== null;
  return (
    <div className="space-y-1" data-testid="answer-alternatives">
      <h3 className="text-[11px] font-semibold text-zinc-500">Not what you meant? Answer it as:</h3>
      <ul className="space-y-1">
        {alternatives.map((alt, n) => (
          <li key={`${n}:${alt.reading}`}>
            <button
              type="button"
              className={PICK}
              data-testid="answer-alternative"
              data-index={n}
              disabled={!actions?.onPick || !alt.program || busy}
              title={alt.program ? "Answer the question again with this reading" : "This reading has no program"}
              onClick={() => actions?.onPick?.(n)}
            >
              <span className="flex items-center gap-2">
                {actions?.picking === n ? <Spinner className="size-3" /> : null}
                <span className="min-w-0 flex-1" data-testid="answer-alternative-reading">
                  {alt.reading}
                </span>
                {alt.probability !== undefined ? (
                  <span className="shrink-0 text-[11px] text-zinc-500">{Math.round(alt.probability * 100)}%</span>
                ) : null}
                {alt.program ? (
                  <span className="shrink-0 text-[11px] font-medium text-indigo-700" aria-hidden>
                    Re-answer →
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {actions?.error ? (
        <p className="text-xs text-red-700" data-testid="answer-alternative-error">
          {actions.error}
        </p>
      ) : null}
    </div>
  );
}
