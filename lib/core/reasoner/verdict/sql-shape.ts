import { normalizeText } from "../../text/normalize";
import type { QuestionShape } from "./question-shape";

/** How the answer query is built: joins, grouping, ordering, negation, aggregates, SELECT items. */
export type SqlShape = {
  joins: number;
  groupBy: boolean;
  orderLimitOne: boolean;
  negation: boolean;
  aggregate: boolean;
  count: boolean;
  selectItems: number;
};

/** Reads the shape of a SQL text (top level and sub-queries alike; a rough, fast reading). */
export function sqlShape(sql: string | undefined): SqlShape | null {
  if (!sql) return null;
  const s = sql.replace(/'(?:[^']|'')*'/g, "''");
  const head = /^\s*(?:with\b[\s\S]*?\)\s*)?select\s+(?:distinct\s+)?([\s\S]*?)\s+from\s/i.exec(s);
  let depth = 0;
  let items = head ? 1 : 0;
  for (const ch of head?.[1] ?? "") {
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "," && depth === 0) items++;
  }
  return {
    joins: (s.match(/\bjoin\b/gi) ?? []).length,
    groupBy: /\bgroup\s+by\b/i.test(s),
    orderLimitOne: /\border\s+by\b[\s\S]*\blimit\s+1\b/i.test(s),
    negation: /\bnot\s+(?:in|exists)\b|<>|!=|\bexcept\b/i.test(s),
    aggregate: /\b(?:avg|sum|min|max|count)\s*\(/i.test(s),
    count: /\bcount\s*\(/i.test(s),
    selectItems: items,
  };
}

/** True when the query's form fits what the question asks (a count for "how many", one row for a superlative…). */
export function shapeAgrees(shape: QuestionShape, sql: SqlShape | null): boolean {
  if (!sql) return false;
  if (shape.shape === "count") return sql.count;
  if (shape.shape === "number") return sql.aggregate;
  if (shape.superlative && !shape.perGroup) return sql.orderLimitOne || sql.aggregate;
  return true;
}

const COMPOUND = /\b(?:and|or|not|no|both|but|except|than|without|never|neither|nor|also|either)\b/g;

/** How involved the question reads: content words, joining words, items asked for, numbers the SQL ignores. */
export function questionComplexity(
  question: string,
  sql: string | undefined,
  answerText: string,
): { compound: number; askedItems: number; numbersUnused: number; namesUnused: number } {
  const q = normalizeText(question);
  const compound = (q.match(COMPOUND) ?? []).length;
  // "What are the ids and names of …": items joined by "and" / commas before the first preposition.
  const lead = /^(.*?)\b(?:of|for|in|from|with|whose|who|that|where|by)\b/.exec(q)?.[1] ?? q;
  const askedItems = 1 + (lead.match(/\band\b|,/g) ?? []).length;
  const used = `${sql ?? ""} ${answerText}`;
  const numbers = (question.match(/(?<![\w.])\d+(?:\.\d+)?(?![\w.])/g) ?? []).filter((n) => !used.includes(n));
  // Quoted phrases and capitalised words after the first: values the question filters on.
  const lowerUsed = used.toLowerCase();
  const names = [...question.matchAll(/["'“‘]([^"'”’]{2,60})["'”’]|(?<=\s)([A-Z][\p{L}\d-]{1,})/gu)].map((m) =>
    (m[1] ?? m[2]).toLowerCase(),
  );
  const namesUnused = names.filter((n) => !lowerUsed.includes(n)).length;
  return { compound, askedItems, numbersUnused: numbers.length, namesUnused };
}
