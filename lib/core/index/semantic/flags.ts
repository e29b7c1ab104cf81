import type { Flag } from "../../model/semantic-model";
import { FLAG_LEADS, FLAG_PAIRS, FLAG_TAILS, NEGATED_VALUE } from "../../reasoner/lang/en/semantic";
import type { ColumnView } from "./input";
import { nameTokens } from "./names";

/**
 * A two-valued column read as yes/no (LookML's `yesno`, Cube's boolean dimension) and which written
 * value means true: a boolean; true/false, yes/no, Y/N or 1/0 with just those two values; a value and
 * its negation ("finished" / "not finished"). The true state's word comes from the name ("is_active"
 * → active).
 */

/** The word for the true state from a flag's name: "is_discontinued" → discontinued, "smoker_flag" → smoker. */
function meaningOf(c: ColumnView): string | undefined {
  const tokens = nameTokens(c.name).filter(
    (t, i, all) => !(FLAG_LEADS.has(t) && i === 0) && !(FLAG_TAILS.has(t) && i === all.length - 1),
  );
  return tokens.length ? tokens.join(" ") : undefined;
}

const flagNamed = (c: ColumnView) => {
  const t = nameTokens(c.name);
  return FLAG_LEADS.has(t[0] ?? "") || FLAG_TAILS.has(t[t.length - 1] ?? "");
};

/** The two written values of a column (its top values when it has exactly two), or null. */
function twoValues(c: ColumnView): [string, string] | null {
  const p = c.profile;
  if (p?.distinctCount !== 2 || p.topValues.length < 2) return null;
  return [String(p.topValues[0].value), String(p.topValues[1].value)];
}

/** The flag a column is, or null. */
export function inferFlag(c: ColumnView): Flag | null {
  const base = { column: c.column, origin: "inferred" as const, meaning: meaningOf(c) };
  const named = flagNamed(c);
  const two = twoValues(c);
  if (c.type === "boolean" && !two)
    return { ...base, trueValues: ["1"], falseValues: ["0"], confidence: 0.9, evidence: "a boolean column" };
  if (!two) return null;
  const lower = two.map((v) => v.trim().toLowerCase()) as [string, string];
  for (const [yes, no] of FLAG_PAIRS) {
    const i = lower.indexOf(yes);
    if (i < 0 || lower[1 - i] !== no) continue;
    // 0/1 counts may be small numbers that happen to be 0 and 1 here; the name tells.
    const numeric = yes === "1";
    const confidence = c.type === "boolean" ? 0.95 : numeric ? (named ? 0.9 : 0.6) : 0.9;
    return {
      ...base,
      trueValues: [two[i]],
      falseValues: [two[1 - i]],
      confidence,
      evidence: `two values, ${two[i]} and ${two[1 - i]}${named ? ", named like a flag" : ""}`,
    };
  }
  if (c.type !== "text") return null;
  // "finished" / "not finished", "complete" / "incomplete": the negated one is false.
  for (const i of [0, 1]) {
    const m = NEGATED_VALUE.exec(lower[i]);
    const rest = (m?.[1] ?? m?.[2] ?? "").replace(/^[\s_-]+/, "");
    if (rest && rest === lower[1 - i])
      return {
        ...base,
        meaning: base.meaning ?? two[1 - i].toLowerCase(),
        trueValues: [two[1 - i]],
        falseValues: [two[i]],
        confidence: 0.8,
        evidence: `two values, ${two[1 - i]} and its negation ${two[i]}`,
      };
  }
  return null;
}
