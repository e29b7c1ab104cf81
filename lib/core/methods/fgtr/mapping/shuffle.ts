export { seededRandom } from "../../../util/seeded-random";

/** Fisher–Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The seed of one round, so rounds differ but each is reproducible. */
export function roundSeed(seed: number, round: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 2654435761) + Math.imul(round + 1, 0x85ebca6b)) >>> 0;
}
