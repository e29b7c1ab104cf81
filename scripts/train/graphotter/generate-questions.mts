// Questions over one generated table (generate.mts), every operation GraphOTTER reads, with gold:
// the header cells named, the body cells read (a lookup's cell, the operands, the winning entry)
// and the header whose line holds a group's entries.
import type { TableIndex } from "../../../lib/core/methods/graphotter/table-index.ts";
import type { Rng } from "./generate.mts";

type Dim = { name: string; members: string[] };
export type Layout = {
  id: string;
  matrix: Array<Array<string | number | null>>;
  merges: Array<{ top: number; left: number; bottom: number; right: number }>;
  left: number;
  outer: string[];
  inner: string[];
  outerDim: Dim;
  innerDim: Dim | null;
  rowDim: Dim;
  sectionDim: Dim | null;
  measure: string;
  percent: boolean;
  body: Array<{ row: number; section: string | null; label: string; values: number[][]; total: boolean }>;
  headerRows: number;
};

type Q = {
  id: string;
  question: string;
  answer: unknown[];
  operation: string;
  labels: number[];
  cells: number[];
  group: number | null;
};

/** Questions (with gold) over a layout; a few per table, operations drawn evenly. */
export function questionsFor(r: Rng, t: Layout, index: TableIndex): Q[] {
  const g = index.graph;
  const nodeAt = (row: number, col: number) => g.rowIndex[row]?.find((i) => g.nodes[i].cols.includes(col));
  const cellAt = (row: number, col: number) => {
    const n = nodeAt(row, col);
    return n === undefined ? undefined : index.tree.cellOf.get(n);
  };
  const two = t.innerDim !== null;
  const col = (a: number, b: number) => t.left + a * t.inner.length + b;
  const outerNode = (a: number) => nodeAt(0, col(a, 0))!;
  const innerNode = (a: number, b: number) => (two ? nodeAt(1, col(a, b))! : outerNode(a));
  // The measure as a question says it ("number", "revenue"); a two-level table names the inner member too.
  const measureWord = t.measure.replace(/\s*\(.*\)/, "");
  const out: Q[] = [];
  const sections = [...new Set(t.body.map((x) => x.section))];
  for (let k = 0; k < 5; k++) {
    const section = r.pick(sections);
    const entries = t.body.filter((x) => x.section === section && !x.total);
    const total = t.body.find((x) => x.section === section && x.total);
    const a = r.int(0, t.outer.length - 1);
    const b = r.int(0, t.inner.length - 1);
    const [e1, e2] = r.some(entries, 2);
    const O = t.outer[a];
    const M = measureWord;
    const I = two ? ` for ${t.inner[b]}` : "";
    const sectionNode =
      section === null ? undefined : t.body.find((x) => x.section === section) && sectionNodeOf(t, section, nodeAt);
    const inS =
      section !== null && r.next() < 0.6
        ? r.pick([` among ${section}`, ` for ${section}`, ` in the ${section} group`])
        : "";
    const named = (rows: typeof entries, extra: number[] = []) => [
      outerNode(a),
      ...(two ? [innerNode(a, b)] : []),
      ...rows.map((x) => nodeAt(x.row, t.left - 1)!),
      ...(inS && sectionNode !== undefined ? [sectionNode] : []),
      ...extra,
    ];
    const c = (x: (typeof entries)[number], aa = a) => cellAt(x.row, col(aa, b))!;
    const v = (x: (typeof entries)[number], aa = a) => x.values[aa][b];
    const op = r.pick([
      "lookup",
      "lookup",
      "difference",
      "sum",
      "average",
      "ratio",
      "percent-change",
      "argmax",
      "argmin",
      "choose-max",
      "choose-min",
      "topk",
      "count",
    ]);
    const id = `${t.id}-q${k}`;
    const push = (
      question: string,
      answer: unknown[],
      operation: string,
      labels: number[],
      cells: number[],
      group: number | null = null,
    ) => out.push({ id, question, answer, operation, labels: labels.filter((n) => n !== undefined), cells, group });
    const rowName = t.rowDim.name;
    if (op === "lookup") {
      const q = r.pick([
        `what was the ${M} of ${e1.label}${I}${inS} in ${O}?`,
        `how many ${M} were reported for ${e1.label}${I}${inS} in ${O}?`,
        `in ${O}, what is the ${M} of ${e1.label}${I}${inS}?`,
        t.percent
          ? `what percentage of ${e1.label}${inS} were${I || " counted"} in ${O}?`
          : `what ${M} did ${e1.label} have${I} in ${O}${inS}?`,
      ]);
      push(q, [v(e1)], "lookup", named([e1]), [c(e1)]);
    } else if ((op === "difference" || op === "sum" || op === "average") && e2) {
      const q =
        op === "difference"
          ? r.pick([
              `what is the difference in ${M}${I} between ${e1.label} and ${e2.label} in ${O}?`,
              `how much higher was the ${M} of ${e1.label}${I} than that of ${e2.label} in ${O}${inS}?`,
            ])
          : op === "sum"
            ? r.pick([
                `what was the combined ${M}${I} of ${e1.label} and ${e2.label} in ${O}?`,
                `how many ${M} did ${e1.label} and ${e2.label} have altogether${I} in ${O}${inS}?`,
              ])
            : `what was the average ${M}${I} of ${e1.label} and ${e2.label} in ${O}${inS}?`;
      push(
        q,
        [op === "sum" ? v(e1) + v(e2) : op === "average" ? (v(e1) + v(e2)) / 2 : Math.abs(v(e1) - v(e2))],
        op,
        named([e1, e2]),
        [c(e1), c(e2)],
      );
    } else if (op === "ratio" && total) {
      push(
        `what proportion of the total ${M}${I} in ${O} was ${e1.label}${inS}?`,
        [v(e1) / v(total)],
        "ratio",
        named([e1]),
        [c(e1), c(total)],
      );
    } else if (op === "percent-change" && t.outer.length > 1) {
      const a2 = (a + 1) % t.outer.length;
      push(
        `what was the percent change in the ${M} of ${e1.label}${I} from ${O} to ${t.outer[a2]}?`,
        [Math.abs(((v(e1, a2) - v(e1)) / v(e1)) * 100)],
        "percent-change",
        [...named([e1]), outerNode(a2)],
        [c(e1), c(e1, a2)],
      );
    } else if ((op === "argmax" || op === "argmin" || op === "topk") && entries.length >= 3) {
      const sorted = [...entries].sort((x, y) => (op === "argmin" ? v(x) - v(y) : v(y) - v(x)));
      const k2 = op === "topk" ? 2 : 1;
      const words = op === "argmin" ? r.pick(["lowest", "smallest"]) : r.pick(["highest", "largest", "most"]);
      const q =
        op === "topk"
          ? `which two ${rowName} categories had the ${words} ${M}${I} in ${O}${inS}?`
          : `which ${rowName} had the ${words} ${M}${I} in ${O}${inS}?`;
      push(
        q,
        sorted.slice(0, k2).map((x) => x.label),
        op,
        named([]),
        sorted.slice(0, k2).map((x) => c(x)),
        innerNode(a, b),
      );
    } else if ((op === "choose-max" || op === "choose-min") && e2) {
      const more = op === "choose-max" ? r.pick(["higher", "larger", "more"]) : r.pick(["lower", "smaller", "fewer"]);
      const win = (op === "choose-max") === v(e1) > v(e2) ? e1 : e2;
      push(
        `which had a ${more} ${M}${I} in ${O}${inS}, ${e1.label} or ${e2.label}?`,
        [win.label],
        op,
        named([e1, e2]),
        [c(e1), c(e2)],
      );
    } else if (op === "count") {
      push(
        `how many ${rowName} categories are listed${section !== null ? ` under ${section}` : ""}?`,
        [entries.length],
        "count",
        named([]).slice(0, 1),
        entries.map((x) => c(x)),
        innerNode(0, 0),
      );
    }
  }
  return out;
}

function sectionNodeOf(
  t: Layout,
  section: string,
  nodeAt: (r: number, c: number) => number | undefined,
): number | undefined {
  const first = t.body.find((x) => x.section === section)!;
  return t.left === 2 ? nodeAt(first.row, 0) : nodeAt(first.row - 1, 0);
}
