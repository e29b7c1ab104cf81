// Generated complex tables for GraphOTTER's policy: two-level column headers (a merged outer header
// over inner ones), row labels under section rows or merged outer labels, totals rows that add up,
// units in the headers; and questions of every operation with their gold (the headers named, the
// cells read, the group compared). Generic vocabulary only: no benchmark's tables or words.
import { buildCellGraph } from "../../../lib/core/cell-graph/graph.ts";
import { gridFromMatrix } from "../../../lib/core/cell-graph/grid.ts";
import type { OperationClass } from "../../../lib/core/methods/graphotter/operation.ts";
import { tableIndexOf } from "../../../lib/core/methods/graphotter/table-index.ts";
import type { GoldQuestion } from "./examples.mts";
import { questionsFor, type Layout } from "./generate-questions.mts";

type Dimension = { name: string; members: string[] };

const DIMENSIONS: Dimension[] = [
  { name: "region", members: ["north", "south", "east", "west", "central", "atlantic", "prairies", "pacific coast"] },
  { name: "sex", members: ["women", "men"] },
  {
    name: "age group",
    members: [
      "15 to 24 years",
      "25 to 34 years",
      "35 to 44 years",
      "45 to 54 years",
      "55 to 64 years",
      "65 years and over",
    ],
  },
  { name: "year", members: ["2012", "2013", "2014", "2015", "2016", "2017", "2018", "2019", "2020", "2021"] },
  {
    name: "sector",
    members: [
      "manufacturing",
      "construction",
      "retail trade",
      "health care",
      "education services",
      "finance and insurance",
      "agriculture",
      "transportation",
      "utilities",
      "mining",
    ],
  },
  { name: "service", members: ["cargo", "passenger", "mail", "charter", "freight"] },
  { name: "education", members: ["high school diploma", "college certificate", "university degree", "no certificate"] },
  { name: "status", members: ["immigrants", "non-immigrants"] },
  { name: "area", members: ["urban areas", "rural areas"] },
  { name: "work", members: ["full-time workers", "part-time workers", "self-employed workers"] },
  { name: "quarter", members: ["first quarter", "second quarter", "third quarter", "fourth quarter"] },
  {
    name: "household",
    members: ["couples with children", "couples without children", "lone parents", "people living alone"],
  },
];

const MEASURES = [
  { name: "number", unit: "" },
  { name: "percent", unit: "%" },
  { name: "revenue (in millions)", unit: "$m" },
  { name: "operating expenses (in thousands)", unit: "$k" },
  { name: "employees", unit: "" },
  { name: "average hours", unit: "" },
  { name: "median income", unit: "$" },
  { name: "rate per 100,000", unit: "" },
];

/** A small deterministic generator (LCG). */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return {
    next,
    int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)),
    pick: <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    some: <T,>(xs: readonly T[], k: number) => [...xs].sort(() => next() - 0.5).slice(0, Math.min(k, xs.length)),
  };
}

export type Rng = ReturnType<typeof rng>;

/** One generated table: its grid (with merges) and the layout questions are written from. */
function makeTable(r: Rng, id: string): Layout {
  const [outerDim, innerDim, rowDim, sectionDim] = r.some(DIMENSIONS, 4);
  const outer = r.some(outerDim.members, r.int(2, 3));
  const twoLevel = r.next() < 0.7;
  const measure = r.pick(MEASURES);
  const inner = twoLevel ? r.some(innerDim.members, r.int(2, 3)) : [measure.name];
  const sections = r.next() < 0.5 ? r.some(sectionDim.members, r.int(2, 3)) : [null];
  const rows = r.some(rowDim.members, r.int(3, 6));
  const totals = r.next() < 0.6;
  const mergedLeft = sections[0] !== null && r.next() < 0.4;
  const left = mergedLeft ? 2 : 1;
  const cols = left + outer.length * inner.length;
  const matrix: Array<Array<string | number | null>> = [];
  const merges: Array<{ top: number; left: number; bottom: number; right: number }> = [];
  const header1: Array<string | null> = [rowDim.name, ...(mergedLeft ? [null] : [])];
  const header2: Array<string | null> = [null, ...(mergedLeft ? [null] : [])];
  outer.forEach((o, k) => {
    header1.push(twoLevel ? o : `${o} ${measure.name}`.trim(), ...inner.slice(1).map(() => null));
    header2.push(...inner);
    if (twoLevel && inner.length > 1)
      merges.push({ top: 0, left: left + k * inner.length, bottom: 0, right: left + (k + 1) * inner.length - 1 });
  });
  matrix.push(header1, ...(twoLevel ? [header2] : []));
  if (twoLevel) merges.push({ top: 0, left: 0, bottom: 1, right: left - 1 });
  const unitRow = twoLevel && measure.unit === "%" && r.next() < 0.5;
  if (unitRow) {
    matrix.push([...Array(left).fill(null), "percent", ...Array(cols - left - 1).fill(null)]);
    merges.push({ top: matrix.length - 1, left, bottom: matrix.length - 1, right: cols - 1 });
  }
  const body: Layout["body"] = [];
  const fmt = (v: number) =>
    measure.unit === "%" ? Math.round(v * 10) / 10 : measure.unit.startsWith("$") ? `$${v.toLocaleString("en-US")}` : v;
  for (const section of sections) {
    const values = rows.map(() =>
      outer.map(() => inner.map(() => (measure.unit === "%" ? r.int(5, 950) / 10 : r.int(10, 9000)))),
    );
    if (section !== null && !mergedLeft) matrix.push([section, ...Array(cols - 1).fill(null)]);
    const start = matrix.length;
    const labels = totals ? [...rows, "total"] : rows;
    labels.forEach((label, i) => {
      const v =
        i < rows.length ? values[i] : outer.map((_, a) => inner.map((_, b) => values.reduce((s, x) => s + x[a][b], 0)));
      const cells = v.flatMap((xs) => xs.map(fmt));
      matrix.push([...(mergedLeft ? [i === 0 ? section : null] : []), label, ...cells]);
      body.push({ row: matrix.length - 1, section, label, values: v, total: i >= rows.length });
    });
    if (mergedLeft) merges.push({ top: start, left: 0, bottom: matrix.length - 1, right: 0 });
  }
  return {
    id,
    matrix,
    merges,
    left,
    outer,
    inner,
    outerDim,
    innerDim: twoLevel ? innerDim : null,
    rowDim,
    sectionDim: sections[0] === null ? null : sectionDim,
    measure: measure.name,
    percent: measure.unit === "%",
    body,
    headerRows: twoLevel ? 2 : 1,
  };
}

/** Questions over generated tables with their gold, `tables` tables from one seed. */
export function generatedQuestions(seed: number, tables = 240): GoldQuestion[] {
  const r = rng(seed);
  const out: GoldQuestion[] = [];
  for (let t = 0; t < tables; t++) {
    const layout = makeTable(r, `gen-${t}`);
    const graph = buildCellGraph(gridFromMatrix(layout.matrix, layout.merges, layout.headerRows));
    const index = tableIndexOf(graph);
    for (const q of questionsFor(r, layout, index)) {
      out.push({ ...q, suite: "generated", table: layout.id, index, operation: q.operation as OperationClass });
    }
  }
  return out;
}
