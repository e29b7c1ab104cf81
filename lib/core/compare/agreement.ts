import type { Answer } from "../trace";

/** An answer reduced to what "the same answer" means: its values (or text), case and order ignored. */
function answerKey(answer: Answer | null): string | null {
  if (!answer) return null;
  const norm = (v: unknown) =>
    typeof v === "number"
      ? String(Math.round(v * 1e6) / 1e6)
      : String(v ?? "")
          .trim()
          .toLowerCase();
  if (answer.values.length) return [...new Set(answer.values.map(norm))].sort().join("\u241f");
  const text = answer.text.trim().toLowerCase();
  return text || null;
}

/** True when both runs answered and their answers are the same (see answerKey). */
export function sameAnswer(a: Answer | null, b: Answer | null): boolean {
  const ka = answerKey(a);
  return ka !== null && ka === answerKey(b);
}

/**
 * Which answers agree: a group number per run (runs with the same answer share it, in order of
 * first appearance), null for a run without an answer.
 */
export function agreementGroups(answers: readonly (Answer | null)[]): Array<number | null> {
  const groups = new Map<string, number>();
  return answers.map((a) => {
    const k = answerKey(a);
    if (k === null) return null;
    if (!groups.has(k)) groups.set(k, groups.size);
    return groups.get(k)!;
  });
}
