import type { CellGraph } from "../../cell-graph/graph";
import { termsOf, type GraphText } from "../../cell-graph/match";
import { cellNumber } from "../../cell-graph/numbers";
import type { QuestionCues } from "./question";
import { findLabels, rankCandidates, supportOf, type Candidate } from "./reading";
import type { Solution } from "./solve";

/**
 * A choice question ("…, women or men?"): for each option, the cell its label and the rest of
 * the question point at; the option whose cell is larger (or smaller) is the answer, as written.
 */
export function choose(
  g: CellGraph,
  text: GraphText,
  cues: QuestionCues,
  headerRows: number,
  among?: ReadonlySet<number>,
): Solution | null {
  const options = cues.options!;
  const optionTerms = options.texts.map((t) => termsOf(t));
  const all = new Set(optionTerms.flat());
  const base = cues.terms.filter((t) => !all.has(t));
  const picks: Array<{ option: string; cand: Candidate; value: number }> = [];
  options.texts.forEach((option, k) => {
    const own = optionTerms[k].filter((t) => !optionTerms.some((o, j) => j !== k && o.includes(t)));
    if (!own.length) return;
    const labels = findLabels(g, text, [...base, ...own], among);
    const ranked = rankCandidates(g, text, labels, among, false, headerRows).filter((c) =>
      own.some((t) => c.covered.includes(t)),
    );
    const best = ranked.find((c) => cellNumber(g.nodes[c.i].value) !== null);
    if (best) picks.push({ option, cand: best, value: cellNumber(g.nodes[best.i].value)! });
  });
  if (picks.length < 2) return null;
  const win = picks.reduce((a, b) => ((options.direction === "max" ? b.value > a.value : b.value < a.value) ? b : a));
  const list = picks.map((p) => `${p.option}: "${g.nodes[p.cand.i].value}"`).join(", ");
  return {
    cells: picks.map((p) => p.cand.i),
    labels: [...new Set(picks.flatMap((p) => p.cand.labels.slice(0, 2)))],
    operation: "choose",
    answer: [win.option],
    explanation: `Compared ${list}; ${win.option} has the ${options.direction === "max" ? "larger" : "smaller"} value.`,
    support: picks.map((p) => supportOf(p.cand)),
    tied: 1,
  };
}
