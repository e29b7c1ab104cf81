import type { CellHint } from "../../retrieval/types";
import type { RetrievalPorts } from "../../retrieval/ports";
import { quoteIdent } from "../../retrieval/sql/literals";
import { irregularPlural, isEnglishWord, relatedness } from "../../text/relations";
import { lookupAbbreviation } from "../../text/abbreviations";
import { stem } from "../../retrieval/vocab";
import { schemaDocs } from "../../retrieval/schema-docs";

/** Columns with at most this many distinct values are read whole: a category, a status, a gender. */
const MAX_CATEGORY_VALUES = 30;
/** A cell value this short is read as an abbreviation of a longer question word ("org"). */
const MIN_ABBREVIATION = 3;

type Category = { table: string; column: string; values: string[] };
const categoriesCache = new WeakMap<RetrievalPorts["schema"], Promise<Category[]>>();

/** The text columns of few distinct values, with those values (read once per schema). */
function categories(ports: RetrievalPorts): Promise<Category[]> {
  const hit = categoriesCache.get(ports.schema);
  if (hit) return hit;
  const load = (async () => {
    const out: Category[] = [];
    for (const t of ports.schema.tables) {
      for (const c of t.columns) {
        const p = c.profile;
        if (c.type !== "text" || !p || p.distinctCount < 2 || p.distinctCount > MAX_CATEGORY_VALUES) continue;
        if (p.distinctCount >= p.rowCount) continue;
        try {
          const col = quoteIdent(c.column);
          const res = await ports.runSql(
            `SELECT DISTINCT ${col} FROM ${t.sqlRef} WHERE ${col} IS NOT NULL LIMIT ${MAX_CATEGORY_VALUES + 1}`,
            { maxRows: MAX_CATEGORY_VALUES + 1 },
          );
          const values = res.rows.map((r) => r[0]).filter((v): v is string => typeof v === "string");
          if (values.length <= MAX_CATEGORY_VALUES) out.push({ table: t.name, column: c.column, values });
        } catch {
          // A column that cannot be read is no category: nothing to match.
        }
      }
    }
    return out;
  })();
  categoriesCache.set(ports.schema, load);
  return load;
}

/**
 * Whether a question word names a category value written otherwise: the same or a broader thing in
 * WordNet ("women" → female, "men" → male), or a short value that abbreviates the word
 * ("organisations" → org, by the abbreviation table or as the word's opening letters).
 */
export function wordNamesValue(word: string, value: string): boolean {
  const w = word.toLowerCase();
  const v = value.toLowerCase().trim();
  if (!/^[a-z]{3,}$/.test(w) || !/^[a-z]+$/.test(v) || w === v || stem(w) === stem(v)) return false;
  // A class of rows is named by a plural noun ("women", "organisations"); "worth" or "good" names none.
  if (!/[^s]s$/.test(w) && !irregularPlural(w)) return false;
  if (relatedness(w, v) >= 0.8) return true;
  const expansion = lookupAbbreviation(v);
  if (expansion && (stem(expansion) === stem(w) || relatedness(w, expansion) >= 1)) return true;
  return v.length >= MIN_ABBREVIATION && w.length >= v.length + 3 && w.startsWith(v) && !isEnglishWord(v);
}

/**
 * Hints for question words that name a value of a category column in other words: the cell search
 * finds only the value's own spelling, so "How many women…" never reached `gender = 'female'`.
 * Words already found as values, and words that are a column's own name, are left to the search.
 * Each hint is exact, like a plural or adjective form found exactly: the value, written otherwise.
 */
export async function valueWordHints(
  words: readonly string[],
  ports: RetrievalPorts,
  found: ReadonlySet<string>,
): Promise<CellHint[]> {
  const asked = words.filter((w) => /^[a-z]{3,}$/i.test(w) && !found.has(w.toLowerCase()));
  if (!asked.length) return [];
  const out: CellHint[] = [];
  for (const cat of await categories(ports)) {
    for (const w of asked) {
      const matches = cat.values.filter((v) => wordNamesValue(w, v));
      // A word that reaches several values of one column ("people" → male and female) picks none.
      if (matches.length !== 1) continue;
      out.push({ phrase: w, table: cat.table, column: cat.column, value: matches[0], score: 0.95, exact: true });
    }
  }
  return out;
}

/**
 * A single capital letter beside a word that names a column is a value of that column: "a J
 * colour diamond", "grade B students", "type A". The cell search skips one-letter phrases, so
 * these are looked up here, exactly, and kept only when the neighbouring word names the column.
 */
export async function letterValueHints(question: string, ports: RetrievalPorts): Promise<CellHint[]> {
  const tokens = question.match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: CellHint[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const letter = tokens[i];
    if (!/^[A-Z]$/.test(letter) || letter === "I") continue;
    const near = [tokens[i - 1], tokens[i + 1]].filter((w): w is string => !!w).map((w) => w.toLowerCase());
    const hits = await ports.searchCells(letter, { topN: 5, threshold: 0.99, maxHits: 10 });
    for (const h of hits) {
      if (h.value !== letter) continue;
      const doc = schemaDocs(ports.schema).columns.find((c) => c.table === h.table && c.column === h.column);
      const names = doc?.words ?? [];
      if (!near.some((w) => names.some((n) => stem(n) === stem(w) || relatedness(w, n) >= 1))) continue;
      out.push({ phrase: letter, table: h.table, column: h.column, value: h.value, score: 1, exact: true });
    }
  }
  return out;
}
