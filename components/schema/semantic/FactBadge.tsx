import type { SemanticFact } from "@/lib/core/model/semantic-model";
import { Button } from "@/components/ui/Button";

/** How sure the inference is, in words a person reads: set by you, sure, likely, unsure. */
function confidenceWord(fact: SemanticFact): "set by you" | "sure" | "likely" | "unsure" {
  if (fact.origin === "user") return "set by you";
  const c = fact.confidence ?? 0;
  return c >= 0.9 ? "sure" : c >= 0.65 ? "likely" : "unsure";
}

const TONES: Record<ReturnType<typeof confidenceWord>, string> = {
  "set by you": "bg-indigo-50 text-indigo-700 ring-indigo-200",
  sure: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  likely: "bg-sky-50 text-sky-700 ring-sky-200",
  unsure: "bg-amber-50 text-amber-800 ring-amber-200",
};

/** A fact's confidence in words, its evidence on hover, and — for a user's edit — the way back to the inferred fact. */
export function FactBadge({ fact, onReset, busy }: { fact: SemanticFact; onReset?: () => void; busy?: boolean }) {
  const word = confidenceWord(fact);
  return (
    <span className="inline-flex items-center gap-1">
      <span
        data-testid="fact-confidence"
        title={fact.evidence ?? (fact.origin === "user" ? "You set this." : undefined)}
        className={`rounded px-1 py-px text-[10px] font-medium whitespace-nowrap ring-1 ${TONES[word]}`}
      >
        {word}
      </span>
      {fact.origin === "user" && onReset ? (
        <Button
          size="sm"
          variant="ghost"
          className="!h-5 !px-1 text-[10px]"
          disabled={busy}
          onClick={onReset}
          data-testid="fact-reset"
          title="Drop your edit and use what was inferred"
        >
          reset
        </Button>
      ) : null}
    </span>
  );
}

/** The small select every row uses. */
export const selectClass = "h-6 max-w-40 rounded border border-zinc-300 bg-white px-1 text-xs";
/** The small text input every row uses. */
export const inputClass = "h-6 w-24 rounded border border-zinc-300 bg-white px-1 text-xs";
