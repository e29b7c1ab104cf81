import { OPERATION_CLASSES } from "./operation";

/** The operations an answer may report (§3.4 asks for the operation performed on the cells). */
export const OPERATIONS = [...OPERATION_CLASSES, "choose", "max", "min"] as const;

/**
 * The options of a choice question, from its last clause: "which group was more likely …, women
 * or men?" → ["women", "men"], max. Undefined when the question offers no alternatives.
 */
export function readOptions(question: string): { texts: string[]; direction: "max" | "min" } | undefined {
  const body = question.trim().replace(/[?.!\s]+$/, "");
  const clause =
    body
      .split(/[,?;:]/)
      .at(-1)
      ?.trim() ?? "";
  if (!/\bor\b/i.test(clause) || clause.split(/\s+/).length > 16) return undefined;
  const texts = clause
    .split(/\s*,\s*|\s+or\s+/i)
    .map((t) => t.replace(/^(either|the|a|an|those|that of)\s+/i, "").trim())
    .filter(Boolean);
  if (texts.length < 2) return undefined;
  const head = body.slice(0, body.length - clause.length).toLowerCase();
  const direction = /\b(less|lower|fewer|smaller|least|lowest|smallest|worse)\b/.test(head) ? "min" : "max";
  return { texts, direction };
}
