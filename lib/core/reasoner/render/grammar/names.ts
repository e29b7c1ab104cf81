import pluralize from "pluralize";
import { splitIdentifier } from "../../../text/tokenize";
import type { AnswerColumn, AnswerInput } from "../../answer/input";
import { FLAG_NAME_LEADS, FLAG_NAME_TAILS, KEPT_NAME_PARTS, NAME_FUNCTION_WORDS } from "../../lang/en/reading-grammar";
import { UNIT_WORDS } from "../../lang/en/quantities";
import { PART_WORDS } from "../../lang/en/time";

/**
 * The nouns a reading is made of: what one row of a table is called (the semantic model's entity
 * when the input carries one, else the table's name read as words, singular or plural by
 * `pluralize`), and what a column is called (its name read as words: "CompanyName" → "company
 * name", "body_mass_g" → "body mass (g)"). A reading never shows a raw identifier.
 */

/** A word kept as written when it is an acronym ("IMDB rating"), else lowercased. */
function caseOf(word: string): string {
  return word.length > 1 && word === word.toUpperCase() && /\p{L}/u.test(word) ? word : word.toLowerCase();
}

/** Does the name read as words already ("Worldwide Gross", "country")? */
function readsAsWords(name: string): boolean {
  return (
    /^[\p{L}\p{N}'’().%#-]+(?: [\p{L}\p{N}'’().%#-]+)*$/u.test(name) && (name.includes(" ") || /^\p{Ll}+$/u.test(name))
  );
}

/**
 * A schema name as words: split at case and separators; where the index's expanded words line up
 * one-to-one with the name's content parts ("dept_no" → department number) they are used, the
 * name's function words kept in place ("number of orders"); a trailing unit becomes "(g)".
 */
export function nameAsWords(name: string, expanded: readonly string[] = []): string {
  const parts = readsAsWords(name) ? name.split(" ") : splitIdentifier(name);
  if (readsAsWords(name)) return withUnit(parts, parts.map(caseOf));
  if (!parts.length) return name;
  const content = parts.filter((p) => !NAME_FUNCTION_WORDS.has(p.toLowerCase()));
  const aligned = expanded.length === content.length && expanded.every((w) => /^[\p{L}\p{N}]+$/u.test(w));
  let k = 0;
  const words = parts.map((p) => {
    const lower = p.toLowerCase();
    if (NAME_FUNCTION_WORDS.has(lower)) return caseOf(p);
    const kept = Object.hasOwn(KEPT_NAME_PARTS, lower) ? KEPT_NAME_PARTS[lower] : null;
    const expandedWord = aligned ? (expanded[k++] ?? p) : p;
    return kept ?? caseOf(expandedWord);
  });
  return withUnit(parts, words);
}

/** Words of a name whose last part is a unit ("running time min") with the unit in brackets: "running time (min)". */
function withUnit(parts: readonly string[], words: readonly string[]): string {
  const last = parts[parts.length - 1].toLowerCase();
  if (parts.length >= 2 && Object.hasOwn(UNIT_WORDS, last) && UNIT_WORDS[last] !== "percent")
    return `${words.slice(0, -1).join(" ")} (${parts[parts.length - 1]})`;
  return words.join(" ");
}

/** What a column is called in a reading. */
export function columnNoun(c: AnswerColumn): string {
  const words = nameAsWords(c.name, c.words);
  // A name that ends in a function word ("part of") is no noun: it is quoted as a name.
  const noun = NAME_FUNCTION_WORDS.has(words.split(" ").pop()?.toLowerCase() ?? "") ? `‘${words}’` : words;
  // A date part read as a column of its own: "month of order date" (once: a part column's name may say it already).
  if (!c.part || c.part === "month-end") return noun;
  const part = `${PART_WORDS[c.part]} of `;
  return noun.toLowerCase().startsWith(part) ? noun : `${part}${noun}`;
}

/** A noun phrase made plural at its head ("order date" → "order dates", "body mass (g)" → "body masses (g)"). */
export function pluralNoun(noun: string): string {
  // "month of order date" → "months of order date": the head before "of" is the noun.
  const of = noun.indexOf(" of ");
  if (of > 0) return `${pluralNoun(noun.slice(0, of))}${noun.slice(of)}`;
  const m = /^(.*?)(\s*\([^)]*\))?$/.exec(noun);
  const head = m?.[1] ?? noun;
  const tail = m?.[2] ?? "";
  const words = head.split(" ");
  const last = words[words.length - 1];
  if (!/^\p{Ll}+$/u.test(last)) return noun;
  words[words.length - 1] = pluralize.plural(last);
  return words.join(" ") + tail;
}

/** A noun phrase made singular at its head. */
export function singularNoun(noun: string): string {
  const words = noun.split(" ");
  const last = words[words.length - 1];
  if (!/^\p{Ll}+$/u.test(last)) return noun;
  words[words.length - 1] = pluralize.singular(last);
  return words.join(" ");
}

type EntityNames = { singular: string; plural: string };

/** The semantic model's names of a table's rows, when the input carries them. */
function modelled(table: string, input: AnswerInput): EntityNames | null {
  const e = input.entities?.find((x) => x.table === table);
  return e?.singular && e.plural ? { singular: e.singular, plural: e.plural } : null;
}

/** What one row (`many` false) or several rows of a table are called: "customer" / "customers". */
export function entityNoun(table: string, input: AnswerInput, many: boolean): string {
  const model = modelled(table, input);
  if (model) return many ? model.plural : model.singular;
  const words = input.tables.find((t) => t.name === table)?.words;
  const name = nameAsWords(table, words?.filter((w) => !NAME_FUNCTION_WORDS.has(w)) ?? []);
  const one = singularNoun(name);
  const several = pluralNoun(one);
  // An uncountable name ("seattle weather", "staff") counts its rows.
  if (several === one) return many ? `${one} rows` : `${one} row`;
  return many ? several : one;
}

/** "customer's", "laureates'": the possessive of a noun phrase. */
export function possessive(noun: string): string {
  return /s$/i.test(noun) && !/ss$/i.test(noun) ? `${noun}'` : `${noun}'s`;
}

/** Does a column name its table's rows for a person (its label) or identify them (its key)? */
export function namesRow(c: AnswerColumn): boolean {
  return c.role === "label" || c.role === "identifier" || c.isPrimaryKey;
}

/** The word a yes/no column's name says of a row that is true ("is_discontinued" → "discontinued"), or null. */
export function flagMeaning(c: AnswerColumn): string | null {
  if (c.flag?.meaning) return c.flag.meaning;
  const parts = splitIdentifier(c.name).map((p) => p.toLowerCase());
  const core = parts.filter((p, i) => !(i === 0 && FLAG_NAME_LEADS.has(p)) && !FLAG_NAME_TAILS.has(p));
  return core.length >= 1 && core.length <= 2 ? core.join(" ") : null;
}
