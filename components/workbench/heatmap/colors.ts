import type { CellState } from "../model/heatmap";

/** Header background: white-ish at frequency 0, saturated orange at 1 (FGTR Figure 4). */
export function headerBackground(frequency: number): string {
  const f = Math.max(0, Math.min(1, frequency));
  // Orange-500 laid over white with opacity = frequency: pale peach to full orange.
  // Opaque (the header is sticky and rows scroll under it).
  const tint = `rgba(249, 115, 22, ${Math.round(f * 100) / 100})`;
  return `linear-gradient(${tint}, ${tint}), rgb(250, 250, 250)`;
}

export const CELL_CLASS: Record<CellState, string> = {
  constrained: "bg-emerald-700 text-white",
  dependent: "bg-emerald-200 text-emerald-950",
  answer: "bg-amber-300 text-zinc-950",
  none: "bg-white text-zinc-700",
};

/** Answer cells get their own fill (amber) and a dark outline: they stand apart from merely retrieved ones. */
export const ANSWER_OUTLINE = "outline-2 -outline-offset-2 outline-zinc-950 font-semibold";
