import pluralize from "pluralize";
import type { Label } from "../../model/semantic-model";
import { FIRST_NAME_WORDS, FULL_NAME_WORDS, LABEL_NAME_WORDS, LAST_NAME_WORDS } from "../../reasoner/lang/en/semantic";
import { PROSE_WORDS, CODE_WORDS } from "../../reasoner/lang/en/column-roles";
import { namesItsRows } from "./column-role";
import type { ColumnView } from "./input";
import { nameTokens } from "./names";
import { looksNumeric } from "./numeric-text";

/**
 * The column a person names a row by (LookML's primary display dimension, WrenAI's display column):
 * the most distinct short text column named like the entity or like a name or title; a person's name
 * written over two columns (first + last) is one label, joined by a space.
 */

type NamePart = { column: ColumnView; prefix: string };

/** A person-name part ("contactFirstName" → first, prefix "contact"), or null. */
function namePart(c: ColumnView, words: ReadonlySet<string>): NamePart | null {
  if (c.type !== "text") return null;
  const split = nameTokens(c.name);
  // "LName", "FName": a letter split off its "name" is read glued ("lname").
  const tokens = split.length === 2 && split[0].length === 1 && split[1] === "name" ? [split.join("")] : split;
  const i = tokens.findIndex((t) => words.has(t));
  if (i < 0) return null;
  const rest = tokens.filter((_, j) => j !== i);
  // "first_name", "contactFirstName", and the glued "firstname", "fname", "surname"; never "last_login".
  if (!tokens[i].endsWith("name") && !rest.includes("name")) return null;
  return { column: c, prefix: rest.filter((t) => t !== "name").join(" ") };
}

/** First and last name columns that belong together (same prefix), the unprefixed pair first. */
function personNameColumns(columns: readonly ColumnView[]): [ColumnView, ColumnView] | null {
  const firsts = columns.map((c) => namePart(c, FIRST_NAME_WORDS)).filter((p): p is NamePart => !!p);
  const lasts = columns.map((c) => namePart(c, LAST_NAME_WORDS)).filter((p): p is NamePart => !!p);
  const pairs = firsts.flatMap((f) => lasts.filter((l) => l.prefix === f.prefix).map((l) => [f, l] as const));
  pairs.sort((a, b) => a[0].prefix.length - b[0].prefix.length);
  return pairs.length ? [pairs[0][0].column, pairs[0][1].column] : null;
}

const avgLength = (c: ColumnView) =>
  c.examples.length ? c.examples.reduce((n, v) => n + v.length, 0) / c.examples.length : 0;

/** How well one text column names its table's rows (0 when it cannot). */
function labelScore(c: ColumnView, entityWords: readonly string[]): { score: number; why: string[] } {
  const none = { score: 0, why: [] };
  if (c.type !== "text" || c.words.some((w) => PROSE_WORDS.has(w) || CODE_WORDS.has(w))) return none;
  if (c.examples.length && c.examples.filter(looksNumeric).length / c.examples.length >= 0.5) return none;
  if (avgLength(c) > 60) return none;
  const u = c.profile?.uniqueness ?? 0;
  const named = c.words.some((w) => LABEL_NAME_WORDS.has(w));
  const singular = new Set(entityWords.map((w) => pluralize.singular(w)));
  const likeEntity = c.words.some((w) => singular.has(pluralize.singular(w)));
  const keyLike = /(?:^|[_\s])(id|code|key)$|Id$|ID$/.test(c.name);
  if (keyLike && !(c.isPrimaryKey && namesItsRows(c))) return none;
  if (!named && !likeEntity && !(u >= 0.9 && namesItsRows(c))) return none;
  // A name repeated over most rows names another table's row ("end station name" on trips).
  if (u < 0.2 || (u < 0.3 && !named)) return none;
  const why = [
    named ? "named like a name or title" : likeEntity ? "named like the entity" : "reads as names",
    `${Math.round(u * 100)}% distinct`,
  ];
  const score = 0.45 * u + (named ? 0.3 : 0) + (likeEntity ? 0.2 : 0) + (namesItsRows(c) ? 0.05 : 0);
  return { score, why };
}

/** The label of a table's rows, or null when no column names them. */
export function inferLabel(columns: readonly ColumnView[], entityWords: readonly string[]): Label | null {
  let best: { c: ColumnView; score: number; why: string[] } | null = null;
  for (const c of columns) {
    const { score, why } = labelScore(c, entityWords);
    if (score > 0 && (!best || score > best.score)) best = { c, score, why };
  }
  const pair = personNameColumns(columns);
  // "customerName" beside a contact's first and last name: the entity's own name wins.
  // …but not a login or a nickname: only a name named like the entity, or a bare "name" / "full name".
  const singular = new Set(entityWords.map((w) => pluralize.singular(w)));
  const ownName =
    !!best &&
    !pair?.includes(best.c) &&
    best.c.words.some((w) => LABEL_NAME_WORDS.has(w)) &&
    best.c.words.every((w) => LABEL_NAME_WORDS.has(w) || w === "full" || singular.has(pluralize.singular(w))) &&
    (best.c.profile?.uniqueness ?? 0) >= 0.5;
  if (pair && !ownName) {
    const [first, last] = pair;
    return {
      columns: [first.column, last.column],
      separator: " ",
      names: [...FULL_NAME_WORDS],
      origin: "inferred",
      confidence: 0.85,
      evidence: `a person's name in two columns: ${first.name} + ${last.name}`,
    };
  }
  if (!best) return null;
  return {
    columns: [best.c.column],
    separator: " ",
    names: [],
    origin: "inferred",
    confidence: Math.min(0.95, Math.max(0.3, best.score)),
    evidence: `${best.c.name}: ${best.why.join(", ")}`,
  };
}
