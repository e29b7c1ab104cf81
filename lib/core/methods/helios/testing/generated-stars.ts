import { linkEntities } from "../entity-linking";
import { buildHeliosIndex, type HeliosIndex } from "../graph-index";
import { seededRandom } from "../linear-model";
import type { Passage, Segment } from "../types";

/**
 * A generated table-and-text corpus: bridges (name, river, year) with one linked passage each that
 * alone states the bridge's designer (a person), opening date, length (a number) and town (a
 * place). Names are made of random syllables, so no test can pass on words a model has seen.
 */
export type GeneratedBridge = {
  name: string;
  river: string;
  year: number;
  designer: string;
  opened: string;
  metres: number;
  town: string;
};

const MONTHS = ["January", "March", "April", "June", "August", "October", "November"];
const ONSETS = ["br", "k", "t", "v", "m", "l", "d", "s", "gr", "h", "n", "p"];
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ou"];

function wordOf(random: () => number, syllables: number): string {
  let w = "";
  for (let i = 0; i < syllables; i++)
    w += ONSETS[Math.floor(random() * ONSETS.length)] + VOWELS[Math.floor(random() * VOWELS.length)];
  w += ["n", "r", "s", "l", ""][Math.floor(random() * 5)];
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** `count` bridges from a seed, every name distinct. */
export function generateBridges(seed: number, count: number): GeneratedBridge[] {
  const random = seededRandom(seed);
  const used = new Set<string>();
  const fresh = (make: () => string) => {
    for (;;) {
      const w = make();
      if (!used.has(w)) {
        used.add(w);
        return w;
      }
    }
  };
  return Array.from({ length: count }, () => ({
    name: fresh(() => `${wordOf(random, 2)} Bridge`),
    river: fresh(() => `${wordOf(random, 2)} River`),
    year: 1850 + Math.floor(random() * 150),
    designer: fresh(() => `${wordOf(random, 2)} ${wordOf(random, 3)}`),
    opened: `${1 + Math.floor(random() * 27)} ${MONTHS[Math.floor(random() * MONTHS.length)]} ${
      1850 + Math.floor(random() * 150)
    }`,
    metres: 120 + Math.floor(random() * 900),
    town: fresh(() => wordOf(random, 3)),
  }));
}

/** The bridges as HELIOS's bipartite graph, linked by entity linking (row name = passage title). */
export function bridgeIndex(bridges: GeneratedBridge[]): HeliosIndex {
  const segments: Segment[] = bridges.map((b, i) => ({
    id: `s:bridges:${i + 1}`,
    table: "bridges",
    rowId: i + 1,
    header: ["Name", "River", "Year built"],
    columns: ["name", "river", "year_built"],
    values: [b.name, b.river, b.year],
  }));
  const passages: Passage[] = bridges.map((b, i) => ({
    id: `p:${i + 1}`,
    title: b.name,
    text:
      `The ${b.name} is a road bridge across the ${b.river} in the town of ${b.town}. ` +
      `It was designed by the engineer ${b.designer}. The bridge was opened on ${b.opened}. ` +
      `It is ${b.metres} metres long.`,
  }));
  return buildHeliosIndex({ segments, passages, links: linkEntities(segments, passages) });
}
