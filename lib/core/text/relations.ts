import { z } from "zod";

/**
 * Word relations read from WordNet (models/lexical-relations.json, built by `npm run train --
 * lexical-relations`): two words relate when they name the same thing — the same sense, or one
 * derived from the other ("weigh" / "weight", "pay" / "payment"), an adjective and the attribute it
 * measures ("hot" / "temperature") — or when one names a broader thing than the other ("rain" /
 * "precipitation"). Siblings under one broader word ("rain" / "snow") do not relate.
 */
export const lexicalRelationsSchema = z.object({
  format: z.literal("tablesight.lexical-relations"),
  version: z.literal(1),
  /** word → [same-thing synset ids, broader synset ids], each a comma-separated list in base 36. */
  words: z.record(z.string(), z.tuple([z.string(), z.string()])),
});
export type LexicalRelations = z.infer<typeof lexicalRelationsSchema>;

type Entry = { own: Set<number>; broader: Set<number> };

let table: Record<string, [string, string]> | null = null;
const decoded = new Map<string, Entry | null>();

/**
 * Makes the relations available to every matcher of this process (the server and the scripts load
 * the model once at start). Without it, relatedness is 0 and matching falls back to stems and the
 * synonym groups.
 */
export function useLexicalRelations(relations: LexicalRelations | null): void {
  table = relations?.words ?? null;
  decoded.clear();
  looked.clear();
}

const parse = (s: string) => new Set(s ? s.split(",").map((x) => Number.parseInt(x, 36)) : []);

function entry(word: string): Entry | null {
  if (!table) return null;
  const hit = decoded.get(word);
  if (hit !== undefined) return hit;
  const raw = Object.hasOwn(table, word) ? table[word] : undefined;
  const e = raw ? { own: parse(raw[0]), broader: parse(raw[1]) } : null;
  if (decoded.size > 50_000) decoded.clear();
  decoded.set(word, e);
  return e;
}

/** WordNet's base forms of an inflected word ("hottest" → hot, "companies" → company, "paid" → pay). */
function baseForms(word: string): string[] {
  const w = word.toLowerCase();
  const out = [w];
  const rules: Array<[RegExp, string]> = [
    [/ies$/, "y"],
    [/ves$/, "f"],
    [/(s|x|z|ch|sh)es$/, "$1"],
    [/s$/, ""],
    [/iest$/, "y"],
    [/ier$/, "y"],
    [/est$/, ""],
    [/er$/, ""],
    [/est$/, "e"],
    [/er$/, "e"],
    [/ied$/, "y"],
    [/ed$/, ""],
    [/ed$/, "e"],
    [/ing$/, ""],
    [/ing$/, "e"],
    [/aid$/, "ay"],
  ];
  for (const [re, to] of rules) {
    if (!re.test(w)) continue;
    const base = w.replace(re, to);
    if (base.length < 2) continue;
    out.push(base);
    // "hottest" → "hott" → "hot", "shipped" → "shipp" → "ship"
    if (/([b-df-hj-np-tv-z])\1$/.test(base)) out.push(base.slice(0, -1));
  }
  return [...new Set(out)];
}

/** Irregular plurals WordNet's suffix rules cannot reach. */
const IRREGULAR_PLURALS: Record<string, string> = {
  women: "woman",
  men: "man",
  people: "person",
  children: "child",
  feet: "foot",
  teeth: "tooth",
  mice: "mouse",
  geese: "goose",
};

/** Irregular past forms (and plurals) WordNet's suffix rules cannot reach. */
const IRREGULAR: Record<string, string> = {
  ...IRREGULAR_PLURALS,
  sold: "sell",
  bought: "buy",
  paid: "pay",
  made: "make",
  spent: "spend",
  won: "win",
  lost: "lose",
  held: "hold",
  built: "build",
  sent: "send",
  flew: "fly",
  flown: "fly",
  ran: "run",
  taught: "teach",
  born: "birth",
  grew: "grow",
  grown: "grow",
  wrote: "write",
  written: "write",
  gave: "give",
  given: "give",
  took: "take",
  taken: "take",
};

/** The singular of an irregular plural ("women" → woman), or undefined. */
export function irregularPlural(word: string): string | undefined {
  const lower = word.toLowerCase();
  return Object.hasOwn(IRREGULAR_PLURALS, lower) ? IRREGULAR_PLURALS[lower] : undefined;
}

// Words looked up so far (a matcher compares the same words many times), bounded like `decoded`.
const looked = new Map<string, Entry | null>();

/** A word's relations: those of every base form it may have, together ("older" is a word and a form of "old"). */
function lookup(word: string): Entry | null {
  const known = looked.get(word);
  if (known !== undefined) return known;
  const e = lookupForms(word);
  if (looked.size > 50_000) looked.clear();
  looked.set(word, e);
  return e;
}

function lookupForms(word: string): Entry | null {
  const forms = baseForms(word);
  const lower = word.toLowerCase();
  const irregular = Object.hasOwn(IRREGULAR, lower) ? IRREGULAR[lower] : undefined;
  if (irregular) forms.push(irregular);
  let out: Entry | null = null;
  for (const form of forms) {
    const e = entry(form);
    if (!e) continue;
    out = out ? { own: new Set([...out.own, ...e.own]), broader: new Set([...out.broader, ...e.broader]) } : e;
  }
  return out;
}

const meets = (a: Set<number>, b: Set<number>) => {
  for (const x of a) if (b.has(x)) return true;
  return false;
};

/**
 * How closely a word of a question (`a`) relates to a word of a name (`b`): 1 when they name the
 * same thing, 0.8 when the name is the broader word ("rain" asked of a precipitation column), 0
 * otherwise or when no relations are loaded. Not the other way round: a column named for a narrower
 * thing ("major", a kind of student) is not what "student" asks for.
 */
export function relatedness(a: string, b: string): number {
  if (!table) return 0;
  const x = lookup(a);
  const y = lookup(b);
  if (!x || !y) return 0;
  if (meets(x.own, y.own)) return 1;
  if (meets(x.broader, y.own)) return 0.8;
  return 0;
}

/** Whether a word (in any inflection) is an English word WordNet knows; false when no relations are loaded. */
export function isEnglishWord(word: string): boolean {
  return lookup(word) !== null;
}
