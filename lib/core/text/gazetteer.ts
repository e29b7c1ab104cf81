import { z } from "zod";

/**
 * Places written as names or as codes (models/gazetteer.json): "the US" is "USA" in one table and
 * "United States" in another, "Texas" is "TX". A question's place name is looked up in the data
 * under each of its other names too.
 */
export const gazetteerSchema = z.object({
  format: z.literal("tablesight.gazetteer"),
  version: z.literal(1),
  /** Each group: every name and code of one place. */
  groups: z.array(z.array(z.string()).min(1)),
});
export type Gazetteer = z.infer<typeof gazetteerSchema>;

let byName: Map<string, number[]> | null = null;
let groups: string[][] = [];

/** Makes the gazetteer available to value lookups of this process (loaded once at start). */
export function useGazetteer(g: Gazetteer | null): void {
  groups = g?.groups ?? [];
  byName = new Map();
  groups.forEach((names, i) => {
    for (const n of names) {
      const key = n.toLowerCase();
      byName!.set(key, [...(byName!.get(key) ?? []), i]);
    }
  });
}

/**
 * The other names of a place the phrase names, as written in the question: a two- or three-letter
 * code counts only written in capitals ("US", not "us"; "IN" is a state, "in" a word).
 */
export function placeAliases(phrase: string): string[] {
  if (!byName) return [];
  const key = phrase.trim().toLowerCase();
  if (key.length <= 3 && phrase.trim() !== phrase.trim().toUpperCase()) return [];
  const hits = byName.get(key) ?? [];
  const out = new Set<string>();
  for (const i of hits) for (const n of groups[i]) if (n.toLowerCase() !== key) out.add(n);
  return [...out];
}
