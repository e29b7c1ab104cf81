/** "12,467", "3.5", "−4" read as numbers once separators and footnote marks are dropped. */
export function looksNumeric(v: string): boolean {
  const t = v
    .replace(/[,\s\u00a0]/g, "")
    .replace(/\[[^\]]*\]$/, "")
    .replace(/^[$£€]/, "")
    .replace(/\u2212/g, "-");
  return t !== "" && Number.isFinite(Number(t));
}

/** A text column whose values read as numbers (at least four in five of its examples). */
export function isNumericText(type: string, examples: readonly string[]): boolean {
  if (type !== "text" || examples.length < 2) return false;
  return examples.filter(looksNumeric).length / examples.length >= 0.8;
}
