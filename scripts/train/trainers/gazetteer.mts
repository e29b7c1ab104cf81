// Names of places as people write them, and the codes tables keep instead: countries (ISO 3166:
// English names and aliases, alpha-2 and alpha-3 codes, from npm i18n-iso-countries) and the US
// states and territories (names and postal codes, from npm states-us). "customers in the US" finds
// "USA", "airports in Texas" finds "TX". Read, not learned.
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
  return { format: "tablesight.gazetteer", version: 1, groups };
}

const trainer: Trainer = {
  name: "gazetteer",
  async train({ log }) {
    const gazetteer = buildGazetteer();
    log(`${gazetteer.groups.length} places`);
    return {
      description:
        "Place names and codes: countries (ISO 3166 English names and aliases, alpha-2, alpha-3) and US states " +
        "and territories (names, postal codes). Read, not learned.",
      features: ["groups of names and codes of one place"],
      sources: [
        {
          dataset: "i18n-iso-countries@7.14.0, states-us@1.1.1",
          split: "train",
          ids: ["npm-package:i18n-iso-countries@7.14.0", "npm-package:states-us@1.1.1"],
          examples: gazetteer.groups.length,
        },
      ],
      metrics: { places: gazetteer.groups.length },
      weights: gazetteer,
    };
  },
};

export default trainer;
