import type { ColumnSignals } from "./signals";

/**
 * The local reasoner's K voters (FGTR §4.2 "Schema Mapping"). An LLM gives K different answers
 * because it is sampled; the local reasoner gets its disagreement from K genuinely different
 * scorers, each with its own evidence and cut, so a column survives the θ·K vote only when
 * several independent signals point at it.
 */
export type Scorer = {
  name: string;
  /** Picks columns from the signals, given in this round's shuffled order. */
  select(signals: ColumnSignals[], random: () => number): ColumnSignals[];
  explain: string;
};

const inContext = (s: ColumnSignals) => 0.6 + 0.4 * s.table;

/** Round 1: the column's name tokens (stems, synonyms, abbreviations) and value tokens against the question's. */
const lexical: Scorer = {
  name: "name-overlap",
  explain: "column names sharing stems or synonyms with the question's words, and columns holding a value it names",
  select: (signals) =>
    signals.filter(
      (s) =>
        s.ident > 0 ||
        Math.max(s.ask, 0.9 * s.mention, 0.9 * s.concept, s.value >= 0.95 ? 1 : 0, s.bound) * inContext(s) >= 0.5,
    ),
};

/** Round 2: similarity of the question to each column's description (hashed encoder). */
const description: Scorer = {
  name: "description",
  explain: "columns whose description is most similar to the question",
  select: (signals) => {
    const relevant = signals.filter((s) => s.table >= 0.3);
    const pool = relevant.length ? relevant : signals;
    const best = Math.max(0, ...pool.map((s) => s.desc));
    const picked = pool
      .filter((s) => s.desc >= Math.max(0.15, 0.7 * best))
      .sort((a, b) => b.desc - a.desc)
      .slice(0, 6);
    const strong = signals.filter((s) => s.bound >= 0.9 || s.value >= 0.95 || s.ask >= 0.9 || s.ident > 0);
    return [...new Set([...picked, ...strong])];
  },
};

/**
 * Round 3: example values — columns where the cell index found the question's values, plus bounded and asked columns of
 * those tables.
 */
const values: Scorer = {
  name: "value-hits",
  explain: "columns holding the question's values or constrained by its numbers, and asked-for columns of their tables",
  select: (signals) => {
    const anchored = signals.filter((s) => s.value >= 0.8 || s.bound >= 0.6 || s.concept > 0 || s.ident > 0);
    const tables = new Set(anchored.map((s) => s.doc.table));
    return [
      ...new Set([...anchored, ...signals.filter((s) => s.ask >= 0.5 && (tables.has(s.doc.table) || s.table >= 0.5))]),
    ];
  },
};

/** Round 4: character trigrams of the asked phrases against the expanded names (typos, partial words). */
const grams: Scorer = {
  name: "char-ngrams",
  explain: "columns whose expanded name is spelled like an asked-for phrase",
  select: (signals) =>
    signals.filter(
      (s) => s.gram * inContext(s) >= 0.5 || s.concept > 0 || s.value >= 0.95 || s.bound >= 0.9 || s.ident > 0,
    ),
};

/** Round 5: all signals combined, with a cut perturbed by the round's random draw. */
const combined: Scorer = {
  name: "combined",
  explain: "a weighted blend of every signal, cut at a randomly perturbed threshold",
  select: (signals, random) => {
    const cut = 0.42 + (random() - 0.5) * 0.1;
    return signals.filter((s) => {
      const direct = Math.max(s.ask, s.value, s.bound, 0.9 * s.concept, s.ident);
      const score = (0.7 * direct + 0.1 * s.mention + 0.1 * s.gram + 0.1 * s.desc) * inContext(s);
      return score >= cut;
    });
  },
};

const SCORERS: readonly Scorer[] = [lexical, description, values, grams, combined];

/** The scorer of a round: rounds cycle through the five when K > 5. */
export function scorerFor(round: number): Scorer {
  return SCORERS[round % SCORERS.length];
}
