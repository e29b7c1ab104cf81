import type { DateMention, ParsedQuestion } from "../../../retrieval/types";
import { PART_GROUP, partOfPhrase } from "../../lang/en/time";
import { parseDates } from "../parse/dates";
import { quotedSpans, type Token } from "../parse/tokens";
import { readTimeMentions } from "./read";

export { warmTimeRecognizer } from "./recognizer";

// The last questions read, so the value matcher and the parser of one question share one reading.
const recent = new Map<string, DateMention[]>();
const RECENT = 16;

/** The time mentions of a question, remembered for the next few calls with the same question. */
export function timeMentionsOf(question: string): DateMention[] {
  const hit = recent.get(question);
  if (hit) return hit;
  const quoted = quotedSpans(question);
  const inQuotes = (m: DateMention) => quoted.some((q) => q.text.includes(m.text));
  const out = readTimeMentions(question).filter((m) => !inQuotes(m));
  if (recent.size >= RECENT) recent.delete(recent.keys().next().value as string);
  recent.set(question, out);
  return out;
}

/**
 * The question's dates (FGTR's "dates with their comparators"), read by the time step; a date the
 * older token reader finds that the time step does not ("2015/3/2" written oddly) is kept too.
 */
export function parseTimes(question: string, tokens: Token[]): DateMention[] {
  const read = timeMentionsOf(question);
  const covered = (text: string) => read.some((m) => m.text.includes(text) || text.includes(m.text));
  return [...read, ...parseDates(question, tokens).filter((d) => !covered(d.text))];
}

/** "Which month had the most orders", "revenue per year": the date part the answer groups by. */
export function parseDateGroup(question: string): ParsedQuestion["dateGroup"] {
  const m = PART_GROUP.exec(question);
  const unit = m ? partOfPhrase(m[1]) : null;
  return m && unit ? { unit, phrase: m[1].toLowerCase() } : null;
}
