// English words and phrasings around values: weak values, units asked for, text matches, names and identifiers.

// Words that appear as values in too many tables to say anything ("yes", "all").
export const WEAK = new Set([
  "yes",
  "all",
  "none",
  "other",
  "total",
  "name",
  "id",
  "type",
  "code",
  "year",
  "date",
  "number",
]);

/** "… in kilograms": the unit the answer is asked in (used with matchAll). */
export const ASKED_UNIT = /\bin (°?[a-z]{2,})\b/g;

/** Words that make a value part of a column's text ("containing", "with the word"). */
export const CONTAINS = new RegExp(
  String.raw`\b(?:contain|contains|containing|include|includes|including|with the (?:letter|word|` +
    "substring|text)|the letter|the word|substring|in (?:their|its|the) (?:name|title|" +
    String.raw`description))\b`,
);

/** Words that make a value the start of a column's text. */
export const STARTS = /\b(?:start|starts|starting|begin|begins|beginning) with\b/;

/** "… in the name", "… in their title": the value is part of the named column's text. */
export const IN_NAME = /^\s*['"\u201d\u2019]?\s*(?:in|within) (?:the|their|its|his|her) ([a-z]+)/;

/** Words that introduce a name: "named X", "called X", "titled X". */
export const NAMING = new Set(["named", "called", "titled", "name", "title"]);

/** Column words of an identifier. */
export const ID_WORDS = new Set(["id", "ids", "identifier", "code", "number", "no", "key"]);

/** Column words of a time. */
export const TIME_WORDS = ["date", "time", "day"];
