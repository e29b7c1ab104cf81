// Learned associations between the words questions use and the words of the headers their answers
// sit under: for a question term q and a header term h (h not in the question), the share of
// training questions asking with q, over tables holding h, whose answer cells have h on their
// header path. "capacity" asked of a table whose answer row is "Available seat miles (ASMs)", say.
import { termsOf } from "../../../lib/core/cell-graph/match.ts";
import type { GoldQuestion } from "./examples.mts";

const MIN_QUESTIONS = 2;
const MIN_STRENGTH = 0.3;
const PER_TERM = 12;

/** Associations from the gold of the given questions (their tables' headers, their answers' paths). */
export function learnAssociations(examples: readonly GoldQuestion[]): Record<string, Record<string, number>> {
  const inTable = new Map<string, Map<string, number>>();
  const onPath = new Map<string, Map<string, number>>();
  const bump = (m: Map<string, Map<string, number>>, q: string, h: string) => {
    let row = m.get(q);
    if (!row) m.set(q, (row = new Map()));
    row.set(h, (row.get(h) ?? 0) + 1);
  };
  const headerTerms = new WeakMap<object, Set<string>>();
  for (const ex of examples) {
    if (!ex.cells.length) continue;
    const { tree, text } = ex.index;
    let table = headerTerms.get(ex.index);
    if (!table) {
      table = new Set(tree.headers.flatMap((h) => text.terms[h.node]));
      headerTerms.set(ex.index, table);
    }
    const gold = new Set<string>();
    for (const c of ex.cells)
      for (const h of [...tree.cells[c].rowPath, ...tree.cells[c].colPath])
        for (const t of text.terms[tree.headers[h].node]) gold.add(t);
    for (const n of ex.labels) for (const t of text.terms[n]) gold.add(t);
    // Numbers (years, codes) name themselves: "2022" is not associated with "2021".
    const q = new Set(termsOf(ex.question).filter((t) => !/^\d/.test(t)));
    for (const qt of q)
      for (const h of table) {
        if (q.has(h) || /^\d/.test(h)) continue;
        bump(inTable, qt, h);
        if (gold.has(h)) bump(onPath, qt, h);
      }
  }
  const out: Record<string, Record<string, number>> = {};
  for (const [q, row] of onPath) {
    const kept = [...row.entries()]
      .filter(([, n]) => n >= MIN_QUESTIONS)
      .map(([h, n]) => [h, Math.round((n / (inTable.get(q)!.get(h)! + 1)) * 1000) / 1000] as const)
      .filter(([, r]) => r >= MIN_STRENGTH)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, PER_TERM);
    if (kept.length) out[q] = Object.fromEntries(kept);
  }
  return out;
}

/**
 * Learned weight of each question term: of the training questions using it over tables whose
 * headers hold it, the share whose answer's headers do ("fuel" names the row asked; "united", the
 * airline, never does). Laplace-smoothed; terms seen fewer than twice are left out (weight 0.5).
 */
export function learnTermWeights(examples: readonly GoldQuestion[]): Record<string, number> {
  const seen = new Map<string, number>();
  const named = new Map<string, number>();
  for (const ex of examples) {
    if (!ex.cells.length) continue;
    const { tree, text } = ex.index;
    const table = new Set(tree.headers.flatMap((h) => text.terms[h.node]));
    const gold = new Set<string>();
    for (const c of ex.cells)
      for (const h of [...tree.cells[c].rowPath, ...tree.cells[c].colPath])
        for (const t of text.terms[tree.headers[h].node]) gold.add(t);
    for (const n of ex.labels) for (const t of text.terms[n]) gold.add(t);
    for (const q of new Set(termsOf(ex.question))) {
      if (!table.has(q)) continue;
      seen.set(q, (seen.get(q) ?? 0) + 1);
      if (gold.has(q)) named.set(q, (named.get(q) ?? 0) + 1);
    }
  }
  const out: Record<string, number> = {};
  for (const [q, n] of [...seen.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    if (n >= MIN_QUESTIONS) out[q] = Math.round((((named.get(q) ?? 0) + 1) / (n + 2)) * 1000) / 1000;
  return out;
}
