import { linkedAt } from "../../../reasoner/schema/linking/linker";

export type LinkProbability = { table: string; column: string; probability: number };

/** How far a round's cut strays from the trained cut, as a share of it (both ways). */
export const CUT_SPREAD = 0.25;

/**
 * One round's vote from the trained schema linker (FGTR §4.2 with a learned local voter): the
 * round draws its own cut around the trained one, cut·(1 ± CUT_SPREAD), and votes for every
 * column at least that probable (and always the most probable). A clearly linked column is in
 * every round's vote, a clearly unlinked one in none; columns near the cut are kept only when
 * most rounds' draws fall below them, so θ·K still decides the borderline.
 */
export function linkerVote(
  links: readonly LinkProbability[],
  cut: number,
  random: () => number,
): { cut: number; columns: LinkProbability[] } {
  const roundCut = Math.min(0.99, cut * (1 - CUT_SPREAD + 2 * CUT_SPREAD * random()));
  return { cut: roundCut, columns: linkedAt(links, roundCut) };
}

/** "Singer.Name 0.93, Singer.Age 0.71, …": the round's most probable columns for its explanation. */
export function describeLinks(links: readonly LinkProbability[], max = 6): string {
  return [...links]
    .sort((a, b) => b.probability - a.probability)
    .slice(0, max)
    .map((l) => `${l.table}.${l.column} ${l.probability.toFixed(2)}`)
    .join(", ");
}
