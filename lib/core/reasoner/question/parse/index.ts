import type { CellHint, Entity, ParsedQuestion } from "../../../retrieval/types";
import {
  parseAdjacent,
  parseGroupBy,
  parseHaving,
  parseNegation,
  parseOrderBy,
  parsePosition,
  parseSuperlative,
} from "./clauses";
import { parseDateGroup, parseTimes } from "../time";
import { parseEntities } from "./entities";
import { decideIntent } from "./intent";
import { parseLead } from "./lead";
import { readTotals } from "./totals";
import { NUMBER_WORDS, STOPWORDS, SUPERLATIVES } from "../../lang/en/lexicon";
import { parseMissing } from "./missing";
import { parseDistinctCount, parseFrequency } from "./frequency";
import { parseNumbers } from "./numbers";
import { tokenize, type Token } from "./tokens";
import { CLAUSE_WORDS, GENERIC_SUPERLATIVES, PLURAL_ASK, DISTINCT_ASK } from "../../lang/en/question-forms";

const MAX_TOKENS = 400;
function keywords(tokens: Token[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    if (STOPWORDS.has(t.lower) || /^\d/.test(t.lower) || t.lower.length < 2 || out.includes(t.lower)) continue;
    out.push(t.lower);
  }
  return out;
}

/** Where clauses start: after sentence punctuation, or at ", and how/what …" inside a sentence. */
function clauseStarts(question: string, tokens: Token[]): number[] {
  const starts = [0];
  for (let i = 1; i < tokens.length; i++) {
    const gap = question.slice(tokens[i - 1].end, tokens[i].start);
    if (/[.?!;]\s*$/.test(gap)) starts.push(i);
    else if (
      CLAUSE_WORDS.has(tokens[i].lower) &&
      (tokens[i - 1].lower === "and" || tokens[i - 1].lower === "also" || /,\s*$/.test(gap)) &&
      i > 2
    )
      starts.push(i);
  }
  return starts;
}

/**
 * The local question parser (FGTR §4.2 "Question Parsing"): keywords, entities (quoted,
 * capitalised, acronyms, plus values the cell index found for phrases of the question), numbers
 * and dates with comparators, and the shape of the ask — intent, aggregates, asked-for
 * attributes, grouping, ordering, superlative, count conditions and negation. Pure and
 * deterministic; very long questions are cut to their first 400 words.
 */
export function parseQuestionLocally(question: string, hints: readonly CellHint[] = []): ParsedQuestion {
  const tokens = tokenize(question).slice(0, MAX_TOKENS);
  const { numbers, limit } = parseNumbers(question, tokens);
  const dates = parseTimes(question, tokens);
  const entities: Entity[] = parseEntities(question, tokens);
  for (const h of hints) {
    if (h.exact && !entities.some((e) => e.text.toLowerCase() === h.phrase.toLowerCase()))
      entities.push({ text: h.phrase, kind: "value" });
  }
  const starts = clauseStarts(question, tokens);
  const leads = starts.map((s) => parseLead(question, tokens, s));
  const lead = leads[0];
  // Words an opening already read (its targets and aggregates) are not read again as clauses.
  const consumed = new Set<number>();
  starts.forEach((s, k) => {
    for (let i = s; i < leads[k].next; i++) consumed.add(i);
  });
  const aggregates = dedupe(
    leads.flatMap((l) => l.aggregates),
    (a) => `${a.fn}:${a.phrase}`,
  );
  const targets = dedupe(
    leads.flatMap((l) => l.targets),
    (t) => t,
  );
  // "the three windiest days": a count and a superlative the opening read into its target phrase.
  const fromTargets = targetSuperlative(targets);
  const leadSuperlative = leads.find((l) => l.superlative)?.superlative ?? fromTargets.superlative;
  targets.splice(0, targets.length, ...fromTargets.targets);
  const later = parseSuperlative(question, tokens, lead.next, consumed);
  const superlative = leadSuperlative
    ? {
        word: leadSuperlative.word,
        phrase: leadSuperlative.phrase,
        // "in the most countries": "most" before a plural noun counts it.
        byCount:
          leadSuperlative.word.endsWith("common") ||
          (["most", "least", "fewest"].includes(leadSuperlative.word) && /[^s]s$/.test(leadSuperlative.phrase)),
      }
    : later;
  const orderBy = parseOrderBy(question, tokens);
  // "ordered twice", "a third stay", "in two different fields": the number counts events, it names no column.
  const frequency =
    parseFrequency(question, tokens) ?? (parseHaving(tokens, numbers) ? null : parseDistinctCount(tokens, numbers));
  const having = frequency ?? parseHaving(tokens, numbers);
  if (frequency) numbers.splice(0, numbers.length, ...numbers.filter((n) => !frequency.text.includes(n.text)));
  const plural = PLURAL_ASK.test(question) || targets.some((t) => /s$/.test(t));
  const sup = superlative && !(orderBy && superlative.word === orderBy.phrase) ? superlative : null;
  // "How many dollars …", "… weigh together": a measure summed, not rows counted or listed.
  const totals = readTotals(question, lead, aggregates, targets, !!sup);
  if (totals) {
    aggregates.splice(0, aggregates.length, ...totals.aggregates);
    targets.splice(0, targets.length, ...totals.targets);
  }
  const intent = decideIntent(question, totals?.lead ?? lead, aggregates, sup, plural);
  // "Which month of the year …": the month is the date part grouped by, neither a column asked for nor the subject.
  const dateGroup = parseDateGroup(question);
  const partWords = new Set(dateGroup?.phrase.split(" ") ?? []);
  const ofPart = (phrase: string) => phrase.split(/\s+/).every((w) => partWords.has(w));
  if (dateGroup) targets.splice(0, targets.length, ...targets.filter((t) => !ofPart(t)));
  const subject = leads.find((l) => l.subject)?.subject ?? null;
  return {
    reasoning: "Parsed locally from the question's wording.",
    keywords: keywords(tokens),
    entities,
    // A count condition keeps its number too: "250 test takers" may name a numeric column after all.
    numbers,
    dates,
    intent,
    aggregates,
    targets,
    groupBy: parseGroupBy(question, tokens),
    orderBy,
    superlative: sup
      ? { phrase: superlativePhrase(sup.word, sup.phrase), direction: directionOf(sup.word), byCount: sup.byCount }
      : null,
    limit: limit ?? null,
    having: having
      ? { comparator: having.comparator, value: having.value, phrase: having.phrase, distinct: !!frequency?.distinct }
      : null,
    negation: parseNegation(question, tokens),
    distinct: DISTINCT_ASK.test(question),
    missing: parseMissing(question),
    position: parsePosition(question, tokens),
    adjacent: parseAdjacent(question),
    subject: subject && dateGroup && ofPart(subject) ? null : subject,
    dateGroup,
  };
}

/** A concept adjective ("youngest") stands for its attribute; a generic one for the phrase after it. */
function superlativePhrase(word: string, phrase: string): string {
  if (SUPERLATIVES[word] && !GENERIC_SUPERLATIVES.has(word)) return word;
  return phrase || word;
}

function directionOf(word: string): "max" | "min" {
  if (word.endsWith("common")) return word.startsWith("least") ? "min" : "max";
  return SUPERLATIVES[word]?.direction ?? "max";
}

function dedupe<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(key(i)) ? false : (seen.add(key(i)), true)));
}

/**
 * Targets with a leading count or superlative pulled out: "three windiest days" → target "days" and
 * the superlative "windiest"; "airport lies furthest north" → "airport" and "furthest north".
 */
function targetSuperlative(targets: string[]): {
  targets: string[];
  superlative: { word: string; phrase: string } | null;
} {
  let superlative: { word: string; phrase: string } | null = null;
  const out = targets.map((t) => {
    const words = t.split(/\s+/).filter((w) => NUMBER_WORDS[w] === undefined && !/^\d+$/.test(w));
    for (let i = 0; i < words.length; i++) {
      const two = `${words[i]} ${words[i + 1] ?? ""}`;
      const word = SUPERLATIVES[two] ? two : SUPERLATIVES[words[i]] ? words[i] : null;
      if (!word || superlative) continue;
      const rest = words.slice(i + word.split(" ").length);
      superlative = { word, phrase: SUPERLATIVES[word].concept.length ? "" : rest.join(" ") };
      return words.slice(0, i).join(" ") || rest.join(" ");
    }
    return words.join(" ") || t;
  });
  return { targets: out.filter(Boolean), superlative };
}
