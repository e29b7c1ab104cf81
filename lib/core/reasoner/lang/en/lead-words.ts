// The words that open a clause ("show me", "how many", "what is the"), as the lead parser reads them.
import { wordTable } from "./lexicon";

/** Commands that open an ask ("show", "list"). */
export const COMMANDS = new Set([
  "show",
  "list",
  "find",
  "give",
  "return",
  "display",
  "get",
  "tell",
  "identify",
  "report",
  "provide",
  "output",
  "name",
  "select",
  "retrieve",
  "compute",
  "calculate",
  "determine",
]);
export const BE = new Set(["is", "are", "was", "were", "'s"]);
export const AUX = new Set([
  "is",
  "are",
  "was",
  "were",
  "does",
  "do",
  "did",
  "has",
  "have",
  "had",
  "can",
  "could",
  "will",
  "would",
  "should",
]);
export const HOW: Readonly<Record<string, string[]>> = wordTable({
  old: ["age"],
  long: ["length", "duration"],
  tall: ["height"],
  big: ["size"],
  large: ["size"],
  far: ["distance"],
  heavy: ["weight"],
  often: ["frequency"],
});
// What a wh-word asks for, as the attribute words a column name would use.
export const WH_TARGET: Readonly<Record<string, string>> = wordTable({
  who: "name",
  whom: "name",
  when: "date year time",
  where: "location place hometown town city country address venue",
});
export const MEASURE_VERBS: Readonly<Record<string, string>> = wordTable({
  weigh: "weight",
  cost: "price",
  earn: "earnings",
  pay: "payment",
  make: "earnings",
  score: "score",
  last: "duration",
});
export const MEASURE_HEADS = new Set(["number", "count", "amount", "total"]);
export const FILLER = new Set([
  "please",
  "me",
  "us",
  "all",
  "the",
  "a",
  "an",
  "out",
  "up",
  "list",
  "of",
  "information",
  "on",
  "about",
  "you",
  "can",
  "could",
  "i",
  "want",
  "to",
  "know",
  "tell",
  "give",
  "show",
  "find",
]);
