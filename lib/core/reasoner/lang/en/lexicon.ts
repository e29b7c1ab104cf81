// English word lists of the question parser: stop words, numbers, months, superlatives, comparative concepts.
import type { AggregateFn } from "../../../retrieval/types";
/**
 * Word lists of the local question parser. They describe English question phrasing, never a
 * particular table: comparators, aggregation cues, superlatives and the words that carry no
 * schema meaning.
 */

/**
 * A word table without a prototype, so a question word like "constructor" or "valueOf" finds
 * nothing instead of an Object.prototype function.
 */
export function wordTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** Function and question words that never name a column or a value. */
export const STOPWORDS = new Set(
  (
    "a an the of in on at to for from by with and or but not no is are was were be been being do does did done " +
    "has have had having what which who whom whose where when why how that this these those there their its it " +
    "they them he she his her we our you your i me my all any each every some than then as into onto about " +
    "can could would should will shall may might must also please list show give find return tell name names " +
    "display get select output count number many much total average mean sum minimum maximum min max " +
    "more less most least fewer greater larger smaller higher lower different distinct unique " +
    "order ordered sort sorted descending ascending both either only just per among between " +
    "whether if so such other another same one ones yes up down out over under above below " +
    "after before since until while also too very exactly respectively including along well there's what's"
  ).split(" "),
);

/** Words that open a question or a command and carry no content. */
export const LEAD_WORDS = new Set(
  (
    "what which who whom whose where when how list show give find return tell display count is are was were do " +
    "does did has have"
  ).split(" "),
);

export { COMPARATOR_AFTER, COMPARATOR_BEFORE } from "./comparator-phrases";

export const NUMBER_WORDS: Readonly<Record<string, number>> = wordTable({
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  single: 1,
  once: 1,
  twice: 2,
  thrice: 3,
  dozen: 12,
});

export const MONTHS: Readonly<Record<string, number>> = wordTable({
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
});

/**
 * Superlative adjectives: the direction and the attribute words they imply ("youngest" → the
 * smallest age or the latest birth date). The attribute words are matched against column names.
 */
export const SUPERLATIVES: Readonly<
  Record<string, { direction: "max" | "min"; concept: string[]; inverse?: string[] }>
> = wordTable({
  youngest: { direction: "min", concept: ["age"], inverse: ["birth", "born", "dob", "birthday"] },
  oldest: { direction: "max", concept: ["age"], inverse: ["birth", "born", "dob", "birthday"] },
  eldest: { direction: "max", concept: ["age"], inverse: ["birth", "born", "dob"] },
  newest: { direction: "max", concept: ["date", "year", "time"] },
  latest: { direction: "max", concept: ["date", "year", "time"] },
  earliest: { direction: "min", concept: ["date", "year", "time"] },
  recent: { direction: "max", concept: ["date", "year", "time"] },
  heaviest: { direction: "max", concept: ["weight", "mass"] },
  lightest: { direction: "min", concept: ["weight", "mass"] },
  tallest: { direction: "max", concept: ["height"] },
  shortest: { direction: "min", concept: ["height", "length", "duration"] },
  longest: { direction: "max", concept: ["length", "duration", "time"] },
  cheapest: { direction: "min", concept: ["price", "cost"] },
  "most expensive": { direction: "max", concept: ["price", "cost"] },
  richest: { direction: "max", concept: ["worth", "money", "wealth", "earnings"] },
  fastest: { direction: "max", concept: ["speed"] },
  hottest: { direction: "max", concept: ["temperature", "temp", "high", "heat"] },
  warmest: { direction: "max", concept: ["temperature", "temp", "high", "heat"] },
  coldest: { direction: "min", concept: ["temperature", "temp", "low"] },
  coolest: { direction: "min", concept: ["temperature", "temp", "low"] },
  windiest: { direction: "max", concept: ["wind", "gust"] },
  rainiest: { direction: "max", concept: ["precipitation", "rain", "rainfall"] },
  wettest: { direction: "max", concept: ["precipitation", "rain", "rainfall", "humidity"] },
  driest: { direction: "min", concept: ["precipitation", "rain", "rainfall", "humidity"] },
  snowiest: { direction: "max", concept: ["snow", "snowfall"] },
  northernmost: { direction: "max", concept: ["latitude", "lat"] },
  southernmost: { direction: "min", concept: ["latitude", "lat"] },
  easternmost: { direction: "max", concept: ["longitude", "lon", "lng"] },
  westernmost: { direction: "min", concept: ["longitude", "lon", "lng"] },
  "best-selling": { direction: "max", concept: ["quantity", "sales", "sold", "units"] },
  "top-selling": { direction: "max", concept: ["quantity", "sales", "sold", "units"] },
  "highest-paid": { direction: "max", concept: ["salary", "pay", "wage", "income"] },
  "most populous": { direction: "max", concept: ["population"] },
  deepest: { direction: "max", concept: ["depth"] },
  widest: { direction: "max", concept: ["width"] },
  busiest: { direction: "max", concept: [] },
  furthest: { direction: "max", concept: ["distance"] },
  farthest: { direction: "max", concept: ["distance"] },
  "furthest north": { direction: "max", concept: ["latitude", "lat"] },
  "farthest north": { direction: "max", concept: ["latitude", "lat"] },
  "furthest south": { direction: "min", concept: ["latitude", "lat"] },
  "farthest south": { direction: "min", concept: ["latitude", "lat"] },
  "furthest east": { direction: "max", concept: ["longitude", "lon", "lng"] },
  "furthest west": { direction: "min", concept: ["longitude", "lon", "lng"] },
  slowest: { direction: "min", concept: ["speed"] },
  largest: { direction: "max", concept: [] },
  biggest: { direction: "max", concept: [] },
  greatest: { direction: "max", concept: [] },
  highest: { direction: "max", concept: [] },
  most: { direction: "max", concept: [] },
  maximum: { direction: "max", concept: [] },
  best: { direction: "max", concept: ["rank", "score", "rating"] },
  worst: { direction: "min", concept: ["rank", "score", "rating"] },
  top: { direction: "max", concept: [] },
  smallest: { direction: "min", concept: [] },
  lowest: { direction: "min", concept: [] },
  least: { direction: "min", concept: [] },
  fewest: { direction: "min", concept: [] },
  minimum: { direction: "min", concept: [] },
  bottom: { direction: "min", concept: [] },
});

/** Comparative adjectives that imply an attribute, for "older than 20" → age. */
export const COMPARATIVE_CONCEPTS: Readonly<Record<string, string[]>> = wordTable({
  older: ["age"],
  younger: ["age"],
  heavier: ["weight", "mass"],
  lighter: ["weight", "mass"],
  taller: ["height"],
  shorter: ["height", "length"],
  longer: ["length", "duration", "time"],
  later: ["date", "year"],
  earlier: ["date", "year"],
  cheaper: ["price", "cost"],
  expensive: ["price", "cost"],
  richer: ["worth", "money"],
  faster: ["speed"],
  slower: ["speed"],
  old: ["age"],
  aged: ["age"],
  age: ["age"],
  weigh: ["weight", "mass"],
  weighs: ["weight", "mass"],
  tall: ["height"],
  "years old": ["age"],
  born: ["birth", "year"],
  costs: ["price", "cost"],
  cost: ["price", "cost"],
  pay: ["price", "cost", "salary"],
});

/** Words that, opening an asked-for phrase, make it an aggregate ("average age" → avg of age). */
export const AGGREGATE_WORDS: Readonly<Record<string, AggregateFn>> = wordTable({
  average: "avg",
  avg: "avg",
  mean: "avg",
  total: "sum",
  sum: "sum",
  combined: "sum",
  overall: "sum",
  maximum: "max",
  max: "max",
  highest: "max",
  largest: "max",
  biggest: "max",
  greatest: "max",
  most: "max",
  top: "max",
  longest: "max",
  oldest: "max",
  latest: "max",
  minimum: "min",
  min: "min",
  lowest: "min",
  smallest: "min",
  least: "min",
  fewest: "min",
  shortest: "min",
  youngest: "min",
  earliest: "min",
  number: "count",
  count: "count",
  amount: "sum",
});
