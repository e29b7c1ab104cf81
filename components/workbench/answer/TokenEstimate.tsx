import { formatNumber } from "@/components/ui/format";
import type { RunView } from "../model/runView";
import { estimateTokens, TOKENS_PER_CELL } from "../model/tokens";
import { percent } from "../timeline/format";

/** Tokens the sub-tables cost against the full tables (estimated from cell counts), and llm usage if any. */
export function TokenEstimate({ view }: { view: RunView }) {
  const t = estimateTokens(view);
  if (!t) return null;
  const ratio = t.sent > 0 ? t.full / t.sent : null;
  return (
    <div
      data-testid="token-estimate"
      data-sent={t.sent}
      data-full={t.full}
      className="space-y-0.5 text-xs text-zinc-600"
    >
      {t.fullCells > 0 ? (
        <p title={`≈ ${TOKENS_PER_CELL} tokens per cell`}>
          ≈ <strong className="text-zinc-800 tabular-nums">{formatNumber(t.sent)}</strong> tokens of sub-tables instead
          of ≈ <span className="tabular-nums">{formatNumber(t.full)}</span> for the full tables (
          {percent(t.sent, t.full)}
          {ratio && ratio >= 1.5 ? `, ${ratio >= 10 ? Math.round(ratio) : ratio.toFixed(1)}× fewer` : ""}).
        </p>
      ) : null}
      {t.actualInput !== null ? (
        <p data-testid="token-actual">
          LLM calls used <span className="tabular-nums">{formatNumber(t.actualInput)}</span> input and{" "}
          <span className="tabular-nums">{formatNumber(t.actualOutput ?? 0)}</span> output tokens.
        </p>
      ) : null}
    </div>
  );
}
