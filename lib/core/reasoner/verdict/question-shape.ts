import {
  COUNT,
  NUMBER,
  YES_NO,
  LIST,
  ONE,
  SUPERLATIVE,
  PER_GROUP,
  LIST_START,
  TOP_N,
  WORD_NUMBERS,
  STOP,
  LEAD,
  STOP_WORDS,
  SINGULAR_VERB,
  PLURAL_VERB,
  BOUNDS,
  WHICH_WHAT,
} from "../lang/en/verdict";
/**
 * What shape of answer a question asks for, read from its wording alone (English question words,
 * no domain vocabulary): a count, a number, one entity, a list, yes/no. The answer-shape checks
 * compare this with what the query returned.
 */
type ExpectedShape = "count" | "number" | "one" | "list" | "yes-no" | "any";

export type QuestionShape = {
  shape: ExpectedShape;
  /** "the most", "the highest", "-est": one row expected unless the question asks per group. */
  superlative: boolean;
  /** "for each", "per", "by each": one row per group, many rows are fine. */
  perGroup: boolean;
  /** "top 3", "5 largest": how many rows the question itself asks for. */
  askedRows: number | null;
  /** The words naming what is asked for ("maker", "average horsepower"). */
  target: string[];
};

/**
 * The words right after the question word, up to a preposition or a verb ("car maker" of "which car maker produces…").
 */
function targetWords(q: string): string[] {
  const m = LEAD.exec(q);
  if (!m) return [];
  const out: string[] = [];
  for (const w of q.slice(m[0].length).split(/[\s,?.;:!]+/)) {
    if (!w || STOP_WORDS.has(w) || out.length >= 4) break;
    // After the first noun, a word ending in -s/-ed is most often the verb ("produces", "scored").
    if (out.length && /(?:[^s]s|ed)$/.test(w) && !/(?:ss|us|is)$/.test(w)) break;
    out.push(w);
  }
  return out;
}

/**
 * "Which countries have…", "which Hawaiian airports are…": a plural noun after which/what asks for
 * every such row, not one. Read from the verb agreeing with it, or a plural first noun.
 */
function asksPlural(q: string): boolean {
  const m = WHICH_WHAT.exec(q);
  if (!m) return false;
  const ws = m[1].split(/[\s,?.;:!]+/).slice(0, 5);
  for (const w of ws.slice(1)) {
    if (SINGULAR_VERB.has(w)) return false;
    if (PLURAL_VERB.has(w)) return true;
  }
  if (SINGULAR_VERB.has(ws[0]) || PLURAL_VERB.has(ws[0])) return false;
  return /(?:[^su's]s|ies)'?$/.test(ws[0] ?? "") && !/(?:[^s]s|ed)$/.test(ws[1] ?? "");
}

/** Normalised question text for the patterns above. */
function lower(question: string): string {
  return question.toLowerCase().replace(/[“”"]/g, "").replace(/\s+/g, " ").trim();
}

/** Reads the expected answer shape, superlative and target words of a question. */
export function questionShape(question: string): QuestionShape {
  const q = lower(question);
  const superlative = SUPERLATIVE.test(q.replace(BOUNDS, ""));
  const perGroup = PER_GROUP.test(q);
  const top = TOP_N.exec(q);
  const topWord = top ? (top[1] ?? top[2]) : null;
  const askedRows = topWord ? (WORD_NUMBERS[topWord] ?? Number(topWord)) : null;
  let shape: ExpectedShape = "any";
  if (YES_NO.test(q)) shape = "yes-no";
  else if (LIST_START.test(q)) shape = "list";
  else if (COUNT.test(q)) shape = "count";
  else if (NUMBER.test(q)) shape = "number";
  else if (LIST.test(q)) shape = "list";
  else if (asksPlural(q)) shape = "list";
  else if (ONE.test(q)) shape = "one";
  const target = targetWords(q).filter((w) => w.length > 1 && !STOP.has(w));
  return { shape, superlative, perGroup, askedRows, target };
}

/** How many rows the question accepts at most (null: any number). */
export function maxRowsExpected(s: QuestionShape): number | null {
  if (s.perGroup) return null;
  if (s.askedRows) return s.askedRows;
  if (s.shape === "count" || s.shape === "number" || s.shape === "yes-no") return 1;
  if (s.shape === "list") return null;
  if (s.superlative || s.shape === "one") return 1;
  return null;
}
