import { splitAggregates, type AggregateAsk } from "./aggregates";
import { AGGREGATE_WORDS, COMPARATIVE_CONCEPTS, SUPERLATIVES } from "../../lang/en/lexicon";
import { readNounPhrase, readPhraseList, spanWords } from "./phrases";
import type { Token } from "./tokens";
import { COMMANDS, BE, AUX, HOW, WH_TARGET, MEASURE_VERBS, MEASURE_HEADS, FILLER } from "../../lang/en/lead-words";
import {
  LEAD_PREPOSITIONS,
  TOTAL_CUE,
  POLITE_OPENERS,
  DEED_VERB,
  DISTINCT_WORDS,
  FREQUENCY_WORDS,
  SUBJECT_LEADS,
  QUESTION_WORDS,
} from "../../lang/en/question-forms";

/** What the opening of a clause asks for. */
export type LeadParse = {
  kind: "ask" | "count" | "yes-no" | "difference";
  aggregates: AggregateAsk[];
  targets: string[];
  /** The noun after "of"/"for" or counted by "how many" ("singers"). */
  subject: string | null;
  /** A superlative met inside the subject phrase ("of the youngest dog"). */
  superlative: { word: string; phrase: string } | null;
  /** Token index where the rest of the clause starts. */
  next: number;
};

function skip(tokens: Token[], i: number, words: ReadonlySet<string>): number {
  while (i < tokens.length && words.has(tokens[i].lower)) i++;
  return i;
}

/** Reads the subject after "of"/"for"/"among", pulling out a leading superlative. */
function readSubject(
  question: string,
  tokens: Token[],
  i: number,
): { subject: string | null; superlative: LeadParse["superlative"]; next: number } {
  if (!SUBJECT_LEADS.includes(tokens[i]?.lower ?? "")) return { subject: null, superlative: null, next: i };
  const np = readNounPhrase(question, tokens, i + 1);
  if (!np) return { subject: null, superlative: null, next: i };
  let words = np.words;
  let superlative: LeadParse["superlative"] = null;
  const sup = words.findIndex((w) => SUPERLATIVES[w] !== undefined);
  if (sup >= 0) {
    superlative = { word: words[sup], phrase: words.slice(sup + 1).join(" ") };
    words = words.filter((_, k) => k !== sup);
  }
  return { subject: words.join(" ") || null, superlative, next: np.to + 1 };
}

/**
 * "In 2004, how many orders …", "Among American customers, how many …": a phrase set off by a comma
 * before the question proper is context (its dates and values are read from the whole question), so
 * the lead is read after it.
 */
function afterOpeningPhrase(question: string, tokens: Token[], i: number): number {
  if (!LEAD_PREPOSITIONS.has(tokens[i]?.lower ?? "")) return i;
  for (let k = i + 1; k < Math.min(tokens.length - 1, i + 9); k++) {
    // "On average, …", "In total, …": an opener that aggregates is part of what is asked.
    if (AGGREGATE_WORDS[tokens[k].lower] || SUPERLATIVES[tokens[k].lower]) return i;
    if (!question.slice(tokens[k].end, tokens[k + 1].start).includes(",")) continue;
    const next = tokens[k + 1].lower;
    return next === "how" || WH_TARGET[next] || COMMANDS.has(next) || next === "what" || next === "which" ? k + 1 : i;
  }
  return i;
}

/** Parses how a clause opens: a command, a wh-question, "how many", or a yes/no question. */
export function parseLead(question: string, tokens: Token[], start: number): LeadParse {
  const base: LeadParse = { kind: "ask", aggregates: [], targets: [], subject: null, superlative: null, next: start };
  let i = skip(tokens, start, POLITE_OPENERS);
  i = afterOpeningPhrase(question, tokens, i);
  // "On how many days …", "For how many penguins …", "In how many countries …": the preposition belongs to the count.
  if (
    LEAD_PREPOSITIONS.has(tokens[i]?.lower ?? "") &&
    tokens[i + 1]?.lower === "how" &&
    tokens[i + 2]?.lower === "many"
  )
    i++;
  const w0 = tokens[i]?.lower;
  const w1 = tokens[i + 1]?.lower;
  if (!w0) return base;

  if (w0 === "how" && (w1 === "many" || w1 === "much")) {
    const w2 = tokens[i + 2]?.lower ?? "";
    if (
      [
        "more",
        "fewer",
        "less",
        "higher",
        "lower",
        "bigger",
        "smaller",
        "larger",
        "greater",
        "longer",
        "shorter",
        "older",
        "younger",
      ].includes(w2) ||
      // "how much heavier / taller / cheaper": any comparative of an attribute.
      (/er$/.test(w2) && !!COMPARATIVE_CONCEPTS[w2])
    ) {
      const np = readNounPhrase(question, tokens, i + 3);
      return { ...base, kind: "difference", targets: np ? [spanWords(np)] : [], next: np ? np.to + 1 : i + 3 };
    }
    const np = readNounPhrase(question, tokens, i + 2);
    if (w1 === "much") {
      const verb = tokens.slice(i + 2).find((t) => MEASURE_VERBS[t.lower]);
      const target = verb ? MEASURE_VERBS[verb.lower] : np ? spanWords(np) : "amount";
      // "How much … in total / altogether / combined": a sum over the rows, not one row's value.
      const aggregates = TOTAL_CUE.test(question) ? [{ fn: "sum" as const, phrase: target, distinct: false }] : [];
      return { ...base, aggregates, targets: aggregates.length ? [] : [target], next: np ? np.to + 1 : i + 2 };
    }
    const distinct = DISTINCT_WORDS.includes(w2);
    const counted = np ? spanWords(np) : "";
    const sub = readSubject(question, tokens, np ? np.to + 1 : i + 2);
    return {
      ...base,
      kind: "count",
      aggregates: [{ fn: "count", phrase: counted, distinct }],
      subject: counted || sub.subject,
      superlative: sub.superlative,
      next: Math.max(sub.next, np ? np.to + 1 : i + 2),
    };
  }
  if (w0 === "how" && w1 && HOW[w1]) return { ...base, targets: HOW[w1], next: i + 2 };
  if (WH_TARGET[w0]) {
    // "who directed …", "who won …": the verb may name the column better than "name" does.
    const verb =
      w0 === "who" && w1 && !AUX.has(w1) && !["is", "was", "are", "were", "'s"].includes(w1) && DEED_VERB.test(w1)
        ? [w1]
        : [];
    return { ...base, targets: [WH_TARGET[w0], ...verb], next: i + 1 };
  }
  if (AUX.has(w0) && i === start) return { ...base, kind: "yes-no", next: i + 1 };

  let j: number;
  if ((w0 === "what" || w0 === "which") && w1 && BE.has(w1)) j = i + 2;
  else if (w0 === "what's") j = i + 1;
  else if (w0 === "what" || w0 === "which") j = i + 1;
  else if (w0 === "count") j = i + 1;
  else if (COMMANDS.has(w0)) j = i + 1;
  else j = i;
  j = skip(tokens, j, FILLER);
  // "the most common citizenship": a count superlative over the target itself.
  let common: LeadParse["superlative"] = null;
  if (["most", "least"].includes(tokens[j]?.lower ?? "") && FREQUENCY_WORDS.includes(tokens[j + 1]?.lower ?? "")) {
    common = { word: `${tokens[j].lower} common`, phrase: "" };
    j += 2;
  }
  const list = readPhraseList(question, tokens, j);
  const phraseWords = list.phrases.map((p) => p.words);
  let next = list.next;
  // "number of test takers", "maximum number of wins": a measure head keeps its "of" complement.
  const last = phraseWords[phraseWords.length - 1];
  if (last && MEASURE_HEADS.has(last[last.length - 1]) && tokens[next]?.lower === "of") {
    const np = readNounPhrase(question, tokens, next + 1);
    if (np) {
      const lead = tokens
        .slice(next + 1, np.from)
        .map((t) => t.lower)
        .filter((w) => DISTINCT_WORDS.includes(w));
      last.push("of", ...lead, ...np.words);
      next = np.to + 1;
    }
  }
  const split = splitAggregates(phraseWords);
  const aggregates = [...split.aggregates];
  // "the number of pets": the counted noun follows "of".
  if (split.countOpen && tokens[next]?.lower === "of") {
    const distinct = DISTINCT_WORDS.includes(tokens[next + 1]?.lower ?? "");
    const np = readNounPhrase(question, tokens, next + 1);
    aggregates.push({ fn: "count", phrase: np ? spanWords(np) : "", distinct });
    if (np) next = np.to + 1;
  }
  if (w0 === "count" && aggregates.length === 0)
    aggregates.push({ fn: "count", phrase: split.targets.shift() ?? "", distinct: false });
  let sub = readSubject(question, tokens, next);
  const targets = [...split.targets];
  // "names of teachers and the courses they teach": more asked-for phrases after the subject.
  while (
    sub.subject &&
    tokens[sub.next]?.lower === "and" &&
    !QUESTION_WORDS.includes(tokens[sub.next + 1]?.lower ?? "")
  ) {
    const more = readPhraseList(question, tokens, sub.next + 1);
    if (!more.phrases.length) break;
    const extra = splitAggregates(more.phrases.map((p) => p.words));
    targets.push(...extra.targets);
    aggregates.push(...extra.aggregates);
    const after = readSubject(question, tokens, more.next);
    sub = after.subject ? { ...after, superlative: after.superlative ?? sub.superlative } : { ...sub, next: more.next };
  }
  if (common) common = { word: common.word, phrase: targets[0] ?? sub.subject ?? "" };
  const kind = aggregates.some((a) => a.fn === "count") && w0 === "count" ? "count" : "ask";
  return { kind, aggregates, targets, subject: sub.subject, superlative: common ?? sub.superlative, next: sub.next };
}
