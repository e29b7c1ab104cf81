import { z } from "zod";
import { schemaDocs } from "../../retrieval/schema-docs";
import { contentWords } from "../../retrieval/vocab";
import type { RetrievalSchema } from "../../retrieval/ports";

/** One attribute's keyword set K_i (SGAM §3.1). */
export const keywordSetSchema = z.object({
  table: z.string(),
  column: z.string(),
  /** Uniqueness-based: words of its own name (not its table's), and the rare words of its description. */
  unique: z.array(z.string()),
  /** Its table's name words: context for the keywords, weighed less (every column of the table has them). */
  tableWords: z.array(z.string()).default([]),
  /** Frequency-based: words frequent in its values and rare in other attributes' values. */
  frequent: z.array(z.string()),
});
export type KeywordSet = z.infer<typeof keywordSetSchema>;

const MAX_DESCRIPTION_WORDS = 8;
const MAX_FREQUENT = 8;

function documentFrequency(lists: string[][]): Map<string, number> {
  const df = new Map<string, number>();
  for (const list of lists) for (const w of new Set(list)) df.set(w, (df.get(w) ?? 0) + 1);
  return df;
}

/**
 * Builds every attribute's keyword set from the schema the offline index describes: names and
 * descriptions give the uniqueness-based keywords (a description word is kept when few other
 * attributes use it), profiles' top values the frequency-based ones (a value word is kept when
 * it recurs in this attribute's values and appears in the values of at most two others).
 */
export function buildKeywordSets(schema: RetrievalSchema): KeywordSet[] {
  const docs = schemaDocs(schema).columns;
  const descWords = docs.map((d) => contentWords(d.description).filter((w) => w.length > 2 && !/^\d+$/.test(w)));
  const valueWords = docs.map((d) =>
    d.examples.flatMap((v) => contentWords(v)).filter((w) => w.length > 1 && !/^\d+([.,]\d+)?$/.test(w)),
  );
  const descDf = documentFrequency(descWords);
  const valueDf = documentFrequency(valueWords);
  const rareLimit = Math.max(2, Math.ceil(docs.length * 0.05));
  return docs.map((d, i) => {
    const unique = [
      ...new Set([
        ...d.own,
        ...d.words,
        ...descWords[i].filter((w) => (descDf.get(w) ?? 0) <= rareLimit).slice(0, MAX_DESCRIPTION_WORDS),
      ]),
    ];
    const counts = new Map<string, number>();
    for (const w of valueWords[i]) counts.set(w, (counts.get(w) ?? 0) + 1);
    const frequent = [...counts.entries()]
      .filter(([w]) => (valueDf.get(w) ?? 0) <= 3 && !unique.includes(w))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_FREQUENT)
      .map(([w]) => w);
    return { table: d.table, column: d.column, unique, tableWords: d.tableWords, frequent };
  });
}
