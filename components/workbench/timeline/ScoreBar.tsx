/** A horizontal bar for a score in [0, 1] (cell-hit similarity), with the number beside it. */
export function ScoreBar({ score, tone = "bg-emerald-500" }: { score: number; tone?: string }) {
  const width = Math.max(0, Math.min(1, score)) * 100;
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="score-bar" data-score={score}>
      <span className="relative h-1.5 w-16 overflow-hidden rounded-full bg-zinc-200" aria-hidden>
        <span className={`absolute inset-y-0 left-0 rounded-full ${tone}`} style={{ width: `${width}%` }} />
      </span>
      <span className="w-9 text-[11px] text-zinc-600 tabular-nums">{score.toFixed(2)}</span>
    </span>
  );
}
