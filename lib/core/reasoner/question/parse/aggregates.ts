import type { AggregateFn } from "../../../retrieval/types";
import { AGGREGATE_WORDS } from "../../lang/en/lexicon";

export type AggregateAsk = { fn: AggregateFn; phrase: string; distinct: boolean };

/**
 * Reads aggregates off the asked-for phrases: "average and maximum age" (two phrases, the first
 * only an aggregate word) → avg(age), max(age); "total number" → count; "number of" is completed
 * by the caller with the counted noun. Returns the aggregates and the remaining plain targets.
 */
export function splitAggregates(phrases: string[][]): {
  aggregates: AggregateAsk[];
  targets: string[];
  countOpen: boolean;
} {
  const aggregates: AggregateAsk[] = [];
  const targets: string[] = [];
  let pending: AggregateFn[] = [];
  let countOpen = false;
  for (const words of phrases) {
    let k = 0;
    const fns: AggregateFn[] = [];
    let distinct = false;
    // "number of test takers" is a count only when nothing else aggregates it; "maximum number of
    // test takers" is the maximum of the attribute "number of test takers".
    if ((words[0] === "number" || words[0] === "count") && words[1] === "of") {
      const rest = words.slice(2).filter((w) => w !== "different" && w !== "distinct" && w !== "unique");
      aggregates.push(...pending.map((fn) => ({ fn, phrase: words.join(" "), distinct: false })));
      if (!pending.length)
        aggregates.push({ fn: "count", phrase: rest.join(" "), distinct: rest.length < words.length - 2 });
      pending = [];
      continue;
    }
    while (k < words.length && (AGGREGATE_WORDS[words[k]] || words[k] === "distinct" || words[k] === "different")) {
      if (
        fns.length &&
        (words[k] === "number" || words[k] === "count" || words[k] === "amount") &&
        words[k + 1] === "of"
      )
        break;
      if (words[k] === "distinct" || words[k] === "different") distinct = true;
      else {
        const fn = AGGREGATE_WORDS[words[k]];
        // "total number" is a count, not a sum of counts.
        if (fn === "count" && fns[fns.length - 1] === "sum") fns.pop();
        fns.push(fn);
      }
      k++;
    }
    const rest = words.slice(k).join(" ");
    if (!rest) {
      // A bare "number" waits for "of …"; a bare "average" applies to the next phrase.
      if (fns.includes("count")) countOpen = true;
      pending.push(...fns.filter((f) => f !== "count"));
      continue;
    }
    const all = [...pending, ...fns];
    pending = [];
    if (all.length === 0) targets.push(rest);
    for (const fn of all) aggregates.push({ fn, phrase: rest, distinct });
  }
  return { aggregates, targets, countOpen };
}
