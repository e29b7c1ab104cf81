import type { RunView } from "../model/runView";
import { fallbackNote, fallbackSentence } from "../model/fallback";

/**
 * Says beside the answer, in words, when the model the run asked for did not answer and the local
 * reasoner did — so a failing model is not silent (the details stay in the trace's warnings).
 */
export function AnswerFallback({ view }: { view: RunView }) {
  const note = fallbackNote(view);
  if (!note) return null;
  return (
    <p
      role="status"
      data-testid="answer-fallback"
      data-fell-back={note.fellBack}
      data-steps={note.steps}
      className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900"
    >
      {fallbackSentence(note)}
    </p>
  );
}
