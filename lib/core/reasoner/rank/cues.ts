/** What a question parser read, as the ranker's cues (crossed with program shapes like words are). */
export type ParseSummary = {
  intent: string;
  aggregates: Array<{ fn: string; distinct?: boolean }>;
  superlative: { direction: string; byCount?: boolean } | null;
  having: unknown | null;
  negation: unknown | null;
  groupBy: unknown[];
  distinct: boolean;
  limit: number | null;
  position: string | null;
  targets: string[];
  /** A date part the question groups by ("which month …"). */
  dateGroup?: { unit: string } | null;
  /** Time phrases: typed intervals and date parts. */
  dates?: Array<{ part?: unknown; start?: string; end?: string }>;
};

/**
 * Parser cues: the intent, aggregates, superlative, HAVING, negation, grouping the local parser
 * found. The ranker learns how far to trust each of them for each program shape.
 */
function parseCues(p: ParseSummary): string[] {
  const cues = [`p:intent=${p.intent}`, `p:targets=${Math.min(p.targets.length, 3)}`];
  for (const a of p.aggregates) cues.push(`p:agg=${a.fn}${a.distinct ? "-distinct" : ""}`);
  if (p.superlative) cues.push(`p:sup=${p.superlative.direction}${p.superlative.byCount ? "-count" : ""}`);
  if (p.having) cues.push("p:having");
  if (p.negation) cues.push("p:negation");
  if (p.groupBy.length) cues.push("p:group");
  if (p.distinct) cues.push("p:distinct");
  if (p.limit) cues.push(p.limit === 1 ? "p:limit=1" : "p:limit=k");
  if (p.position) cues.push(`p:position=${p.position}`);
  if (p.dateGroup) cues.push("p:date-group");
  if (p.dates?.some((d) => d.part)) cues.push("p:date-part");
  if (p.dates?.some((d) => d.start && d.end)) cues.push("p:date-interval");
  return cues;
}

/** The parser's cues and its target phrases as word lists. */
export function parseContext(
  p: ParseSummary,
  tokenize: (s: string) => string[],
): { cues: string[]; targets: string[][] } {
  return { cues: parseCues(p), targets: p.targets.map(tokenize) };
}
