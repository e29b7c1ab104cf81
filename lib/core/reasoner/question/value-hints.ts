import { glossaryHints } from "../../retrieval/glossary";
import { parseEntities } from "./parse/entities";
import { STOPWORDS } from "../lang/en/lexicon";
import { tokenize } from "./parse/tokens";
import { columnOf, type RetrievalPorts } from "../../retrieval/ports";
import { isEnglishWord } from "../../text/relations";
import { valueForms } from "../lang/en/value-forms";
import { placeAliases } from "../../text/gazetteer";

const capitalised = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
import type { CellHint } from "../../retrieval/types";
import { schemaDocs } from "../../retrieval/schema-docs";
import { encoderSafe, stem } from "../../retrieval/vocab";
import { WEAK } from "../lang/en/values";
import { timeMentionsOf } from "./time";
import { holdsDates } from "./time/storage";

const MAX_CANDIDATES = 60;
const MIN_SIMILARITY = 0.8;
/**
 * Phrases of the question worth looking up as cell values: quoted strings, capitalised spans,
 * acronyms, and runs of up to three content words ("Contra Costa", "dog", "directly funded").
 */
export function candidatePhrases(question: string): string[] {
  const tokens = tokenize(question).slice(0, 400);
  const out: string[] = parseEntities(question, tokens).map((e) => e.text);
  const content = tokens.filter((t) => !STOPWORDS.has(t.lower) && !/^\d+([.,]\d+)?$/.test(t.lower));
  for (let i = 0; i < content.length; i++) {
    for (let n = 1; n <= 3 && i + n <= content.length; n++) {
      const run = content.slice(i, i + n);
      // Only adjacent words form a phrase.
      if (run.some((t, k) => k > 0 && t.index !== run[k - 1].index + 1)) break;
      out.push(question.slice(run[0].start, run[n - 1].end));
    }
  }
  // A word and the number after it may be one value: "Customer 74218", "Route 66", "Building 7".
  for (let i = 1; i < tokens.length; i++) {
    const [prev, t] = [tokens[i - 1], tokens[i]];
    if (
      !/^\d+[a-z]?$/i.test(t.text) ||
      STOPWORDS.has(prev.lower) ||
      /^\d/.test(prev.lower) ||
      /[,;:.?!()]/.test(question.slice(prev.end, t.start))
    )
      continue;
    out.push(question.slice(prev.start, t.end));
  }
  const seen = new Set<string>();
  return out
    .filter((p) => {
      const key = p.toLowerCase();
      if (seen.has(key) || WEAK.has(key) || key.length < 2) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_CANDIDATES);
}

const columnWordCache = new WeakMap<RetrievalPorts["schema"], Set<string>>();
const datesCache = new WeakMap<RetrievalPorts["schema"], boolean>();

/** Whether some column of the schema holds dates (of any storage). */
function holdsAnyDates(ports: RetrievalPorts): boolean {
  const hit = datesCache.get(ports.schema);
  if (hit !== undefined) return hit;
  const out = schemaDocs(ports.schema).columns.some((d) =>
    holdsDates({ ...d, max: columnOf(ports.schema, d)?.profile?.max ?? null }),
  );
  datesCache.set(ports.schema, out);
  return out;
}

/** Stems of every word of the schema's column names. */
function columnWords(ports: RetrievalPorts): Set<string> {
  const hit = columnWordCache.get(ports.schema);
  if (hit) return hit;
  const out = new Set(schemaDocs(ports.schema).columns.flatMap((c) => c.words.map(stem)));
  columnWordCache.set(ports.schema, out);
  return out;
}

/**
 * An ordinary English word of the question ("made", "numbers", "run") found as a name or title
 * ("Made", "Numbers", "Run!") is a word, not that value: only a column of a few repeated values
 * (a status, a weather, a genre) is named by plain words. A capitalised or quoted word may still
 * be a name.
 */
function ordinaryWordAsName(
  phrase: string,
  question: string,
  hit: { table: string; column: string },
  ports: RetrievalPorts,
): boolean {
  if (/\s/.test(phrase) || phrase !== phrase.toLowerCase() || !isEnglishWord(phrase)) return false;
  if (new RegExp(`['"\u2018\u201c]${phrase}`, "i").test(question)) return false;
  const profile = columnOf(ports.schema, hit)?.profile;
  if (!profile) return false;
  return profile.distinctCount > 50 && profile.uniqueness > 0.2;
}

/** The value is the phrase plus a qualifier only: a number, a code in parentheses, a footnote. */
function qualifierOnly(phrase: string, value: string): boolean {
  const extra = value.slice(phrase.length).trim();
  return /^(\(?[A-Z0-9.\- ]{1,8}\)?|\[[^\]]*\]|\d+[a-z]?)$/i.test(extra) && !/^[a-z]{4,}$/i.test(extra);
}

/**
 * Looks the question's phrases up in the cell index before schema mapping: these are the
 * "column examples that include entities" FGTR's mapping prompt shows (Appendix C). Keeps exact
 * and normalised matches, and close vector matches (similarity ≥ 0.8, e.g. "LA" → "Los Angeles").
 */
export async function findValueHints(question: string, ports: RetrievalPorts): Promise<CellHint[]> {
  // What the user told the glossary a phrase means comes first, as an exact hit.
  const hints: CellHint[] = glossaryHints(question, ports.glossary ?? []);
  // The time step runs first: a date phrase is a date, not a name, when the tables hold dates
  // ("March" of "in March 2011" is no first name, "Eve" of "New Year's Eve 2019" no surname).
  const dateTexts = holdsAnyDates(ports) ? timeMentionsOf(question).map((m) => m.text.toLowerCase()) : [];
  for (const phrase of candidatePhrases(question)) {
    if (ports.signal?.aborted) break;
    if (dateTexts.some((d) => d.includes(phrase.toLowerCase()))) continue;
    const hits = await ports.searchCells(encoderSafe(phrase), { topN: 3, threshold: MIN_SIMILARITY, maxHits: 10 });
    // "cats" should find "cat", "snowy" snow, "African" Africa: other forms of one word, found exactly;
    // not when the word is a column's own ("ship" asked of a shippedDate column is not the value "Ships").
    const formsOf =
      /^[\p{L}\p{N}-]+$/u.test(phrase) && !columnWords(ports).has(stem(phrase.toLowerCase())) ? valueForms(phrase) : [];
    // Places: "US" → USA / United States, "Texas" → TX, "Hawaiian" → Hawaii → HI.
    const places = [phrase, ...formsOf].flatMap((f) => placeAliases(f === phrase ? phrase : capitalised(f)));
    for (const form of [...formsOf, ...places])
      hits.push(
        ...(await ports.searchCells(encoderSafe(form), { topN: 1, threshold: 0.99, maxHits: 5 })).filter(
          (h) => (h.match === "exact" || h.match === "normalized") && h.value.toLowerCase() === form.toLowerCase(),
        ),
      );
    for (const h of hits) {
      const exact = h.match === "exact" || h.match === "normalized";
      if (ordinaryWordAsName(phrase, question, h, ports)) continue;
      // A word-prefix match ("ukraine" → "Ukraine (UKR)", "virginia" → "Virginia 1") is a value
      // of the question too, just not an exact one.
      const prefix = h.match === "prefix" && phrase.length >= 4 && qualifierOnly(phrase, h.value);
      if (!exact && !prefix && h.similarity < MIN_SIMILARITY) continue;
      hints.push({
        phrase,
        table: h.table,
        column: h.column,
        value: h.value,
        score: Math.min(1, exact ? 1 : prefix ? Math.max(0.86, h.score) : h.similarity),
        exact,
      });
    }
  }
  // Best hit per (phrase, column), strongest first.
  const best = new Map<string, CellHint>();
  for (const h of hints) {
    const key = `${h.phrase}\u0000${h.table}\u0000${h.column}`;
    const prev = best.get(key);
    if (!prev || h.score > prev.score) best.set(key, h);
  }
  return [...best.values()].sort((a, b) => b.score - a.score || b.phrase.length - a.phrase.length).slice(0, 100);
}
