/** A gold answer as the batch pages show it: its values, or "(no rows)" for an empty list. */
export function goldText(gold: readonly unknown[]): string {
  return gold.length ? gold.map(String).join(", ") : "(no rows)";
}
