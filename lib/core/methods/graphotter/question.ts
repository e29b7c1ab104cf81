import { termsOf } from "../../cell-graph/match";

/** The operations the answer step knows (§3.4 asks for the operation performed on the cells). */
export const OPERATIONS = [
  "lookup",
  "choose",
  "sum",
  "difference",
  "ratio",
  "average",
  "count",
  "max",
  "min",
  "argmax",
  "argmin",
  "percent-change",
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** What the local policy reads from the question: the terms that name cells, and the operation. */
export type QuestionCues = {
  question: string;
  terms: string[];
  operation: Operation;
  /** Terms of the words that only signal the operation ("difference", "highest"), kept out of matching. */
  cueTerms: string[];
  /** The answer is a name, not a value ("which", "who", "what … name"). */
  wantText: boolean;
  /** "…, women or men?": the options to choose between, as written, and which way to choose. */
  options?: { texts: string[]; direction: "max" | "min" };
};

/**
 * The options of a choice question, from its last clause: "which group was more likely …, women
 * or men?" → ["women", "men"], max. Null when the question offers no alternatives.
 */
function readOptions(question: string): QuestionCues["options"] {
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

const MAX = /\b(highest|largest|most|maximum|biggest|greatest|top|best|peak|more)\b/;
const MIN = /\b(lowest|smallest|least|minimum|fewest|worst|less)\b/;
// "which club …", also after a lead-in clause ("in 2015, which league …").
const WANT_TEXT = /(^|[,;:]\s*)(which|who|whom|whose|where|in which|for which|what (is|was|were|are) the name)\b/;
const WHICH = /^\s*(which|who|what|in which|for which|during which|in what)\b/;

/** Reads the operation cues of a question with plain English rules (no table knowledge). */
export function readQuestion(question: string): QuestionCues {
  const q = question.toLowerCase();
  let operation: Operation = "lookup";
  const cue: string[] = [];
  const take = (op: Operation, words: RegExp) => {
    operation = op;
    cue.push(...(q.match(new RegExp(words.source, "g")) ?? []));
  };
  if (/\bpercent(age)? (change|increase|decrease|growth|decline)\b/.test(q))
    take("percent-change", /\b(percent(age)?|change|increase|decrease|growth|decline)\b/);
  else if (/\b(how many times|ratio|times (as|more|larger|higher))\b/.test(q)) take("ratio", /\b(times|ratio)\b/);
  else if (
    new RegExp(
      String.raw`\b(difference|differ|gap|(shorter|longer) than|how much (more|less|higher|lower|greater|` +
        String.raw`larger|bigger|smaller)|how many (\w+ )?(more|fewer)|(increase|decrease|change|grow|grew|` +
        String.raw`rise|rose|drop|fall|fell|decline)[ds]?\b.*\b(from|between|since|compared))`,
    ).test(q)
  ) {
    take(
      "difference",
      /\b(difference|differ|gap|increase|decrease|change|grow|grew|rise|rose|drop|fall|fell|decline)[ds]?\b/,
    );
  } else if (/\b(combined|altogether|in total|sum of|add(ed)? up|together|total of)\b/.test(q) && /\band\b/.test(q))
    take("sum", /\b(combined|altogether|sum|together|added|add)\b/);
  else if (/\b(average|mean)\b/.test(q) && /\b(of|across|over)\b.*\band\b/.test(q))
    take("average", /\b(average|mean)\b/);
  else if (WHICH.test(q) && MAX.test(q) && !/\bmore than\b/.test(q)) take("argmax", MAX);
  else if (WHICH.test(q) && MIN.test(q) && !/\bless than\b/.test(q)) take("argmin", MIN);
  else if (/\b(highest|largest|maximum|biggest|greatest|peak)\b/.test(q))
    take("max", /\b(highest|largest|maximum|biggest|greatest|peak)\b/);
  else if (/\b(lowest|smallest|minimum|fewest)\b/.test(q)) take("min", /\b(lowest|smallest|minimum|fewest)\b/);
  const options = readOptions(question);
  if (options && WHICH.test(q)) {
    operation = "choose";
    cue.push(...(q.match(/\b(more|less|higher|lower|greater|fewer|larger|smaller|likely)\b/g) ?? []));
  }
  const cueTerms = termsOf(cue.join(" "));
  // The cue words themselves are dropped, not their terms: "highest high school" keeps "high". A
  // max/min word may also name a column ("High", "Low" share prices): it stays then.
  const op = operation as Operation;
  const dropped = op === "max" || op === "min" ? [] : cue;
  const terms = termsOf(dropped.reduce((text, w) => text.replace(new RegExp(`\\b${w}\\b`, "i"), " "), question));
  return {
    question,
    terms,
    operation,
    cueTerms,
    ...(operation === "choose" ? { options } : {}),
    wantText: WANT_TEXT.test(q),
  };
}
