import { initialsOf, normalizeText, stem } from "../text";
import type { CellGraph } from "./graph";

/** Words that say nothing about which cell is meant (question and function words). */
const STOP = new Set(
  (
    "a an the of in on at to for from by with and or but is are was were be been do does did has have had what " +
    "which who whom whose " +
    "where when why how that this these those there their its it they them he she his her we our you your i me " +
    "my as into about " +
    "than then can could would should will shall may might must please tell give show find get much many value " +
    "values amount " +
    "figure figures data reported report according table during"
  ).split(" "),
);

/** Irregular forms the stemmer cannot join ("spent" ↔ "spend"), common in table questions. */
const IRREGULAR: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  spent: "spend",
  paid: "pay",
  sold: "sell",
  bought: "buy",
  made: "make",
  grew: "grow",
  grown: "grow",
  rose: "rise",
  risen: "rise",
  fell: "fall",
  fallen: "fall",
  won: "win",
  lost: "lose",
  held: "hold",
  built: "build",
  gave: "give",
  given: "give",
  took: "take",
  taken: "take",
  flew: "fly",
  flown: "fly",
  met: "meet",
  led: "lead",
  left: "leave",
  kept: "keep",
  brought: "bring",
  ran: "run",
  women: "woman",
  men: "man",
  children: "child",
  people: "person",
});

/** Words read as one concept: the many ways tables and questions say "percent". */
const CANON: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  percentage: "percent",
  percentages: "percent",
  proportion: "percent",
  proportions: "percent",
  pct: "percent",
  highest: "high",
  higher: "high",
  peak: "high",
  lowest: "low",
  lower: "low",
});

const ORDINALS = ["", "first", "second", "third", "fourth"];
const ORDINAL_FORMS: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  "1st": "first",
  "2nd": "second",
  "3rd": "third",
  "4th": "fourth",
});

/** Header abbreviations common in statistics and sports tables, expanded on the table's side only. */
const CELL_ABBREVIATIONS: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  yds: "yards",
  att: "attempts",
  td: "touchdowns",
  tds: "touchdowns",
  rec: "receptions receiving",
  apps: "appearances",
  gp: "games played",
  avg: "average",
  pts: "points",
  reb: "rebounds",
  ast: "assists",
  comp: "completions",
  num: "number",
  yr: "year",
  yrs: "years",
  pop: "population",
  govt: "government",
  dept: "department",
  fy: "fiscal year",
});

/**
 * Content terms of a text: stemmed words, numbers with their thousands commas and signs removed, a
 * lone "%" read as "percent". With `expand` (cell text), abbreviations also give their words.
 */
export function termsOf(text: string, expand = false): string[] {
  const cleaned = text
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/(?<![\d.])\s*%/g, " percent ")
    .replace(/[$€£%]/g, " ");
  const out: string[] = [];
  const push = (w: string) => {
    if (STOP.has(w)) return;
    const t = /^\d/.test(w) ? w : stem(CANON[w] ?? IRREGULAR[w] ?? w);
    if (t && !out.includes(t)) out.push(t);
  };
  for (const w of normalizeText(cleaned).match(/[\p{L}\p{N}]+(?:\.\d+)?/gu) ?? []) {
    // "Q2" is the second quarter, "3rd" is third: one term either way they are written.
    const quarter = /^q([1-4])$/.exec(w);
    const ordinal = quarter ? ORDINALS[Number(quarter[1])] : ORDINAL_FORMS[w];
    if (ordinal) {
      push(ordinal);
      if (quarter) push("quarter");
      continue;
    }
    push(w);
    if (expand && CELL_ABBREVIATIONS[w]) for (const x of CELL_ABBREVIATIONS[w].split(" ")) push(x);
  }
  // "RPMs", "ASM": acronyms, plural or not, as their letters.
  for (const m of text.matchAll(/\b([A-Z]{2,6})s?\b/g)) push(m[1].toLowerCase());
  // A multi-word label also answers to its initials: "Available seat miles" ~ "ASM".
  if (expand) {
    const lead = text.split("(")[0].match(/\p{L}+/gu) ?? [];
    if (lead.length >= 2 && lead.length <= 6) for (const a of initialsOf(lead)) if (a.length >= 3) push(a);
  }
  return out;
}

/** Per-node terms and their document frequency over the graph, for weighted keyword matching. */
export type GraphText = {
  terms: string[][];
  idf: (term: string) => number;
};

/** Reads every node's terms once; the idf favours rare words ("fuel") over common ones ("total"). */
export function graphText(g: CellGraph): GraphText {
  const terms = g.nodes.map((n) => termsOf(n.value, true));
  const df = new Map<string, number>();
  for (const ts of terms) for (const t of ts) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, g.nodes.length);
  return { terms, idf: (t) => Math.log(1 + n / (df.get(t) ?? 0.5)) };
}

/**
 * How well node i matches the query terms: the idf-weighted share of the node's own terms the
 * query names, times the idf mass it covers. A node that is only "Total" matches "total" fully; a
 * long header matched by one word matches weakly. Returns the matched terms too.
 */
export function matchNode(text: GraphText, i: number, query: readonly string[]): { score: number; matched: string[] } {
  const own = text.terms[i];
  if (!own.length || !query.length) return { score: 0, matched: [] };
  let hit = 0;
  let total = 0;
  const matched: string[] = [];
  for (const t of own) {
    const w = text.idf(t);
    total += w;
    if (query.includes(t)) {
      hit += w;
      matched.push(t);
    }
  }
  if (!matched.length) return { score: 0, matched };
  return { score: hit * Math.sqrt(hit / total), matched };
}
