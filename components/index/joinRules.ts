/** How a join candidate's rule reads in the UI. */
const JOIN_RULES: Record<string, { label: string; className: string }> = {
  declared: { label: "declared key", className: "bg-zinc-800 text-white" },
  omega: { label: "ω ≥ threshold", className: "bg-sky-50 text-sky-800 ring-1 ring-sky-200 ring-inset" },
  inclusion: { label: "inclusion", className: "bg-violet-50 text-violet-800 ring-1 ring-violet-200 ring-inset" },
};

export function joinRule(rule: string): { label: string; className: string } {
  return JOIN_RULES[rule] ?? { label: rule, className: "bg-zinc-100 text-zinc-700" };
}

/** A learned join probability in words: "97%", "<1%" when it rounds to nothing, "—" when unscored. */
export function joinPercent(p: number | undefined | null): string {
  return typeof p !== "number" ? "—" : p < 0.005 ? "<1%" : `${Math.round(p * 100)}%`;
}
