// GraphOTTER's training questions from the tune splits only (SPLITS.md): HiTab tables whose id
// starts with a number ending in an even digit and AIT-QA tables tab-N with even N. Each table is
// imported through the app's own import path (as `npm run eval` does) and opened as the cell graph
// a run reads, so the features are computed on exactly what the method sees. Gold: HiTab's linked
// header cells, answer cells and aggregation; AIT-QA's answer string located among the body cells.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { CellGraph } from "../../../lib/core/cell-graph/graph.ts";
import { cellMatch } from "../../../lib/core/eval/cell-match.ts";
import type { OperationClass } from "../../../lib/core/methods/graphotter/operation.ts";
import { tableIndexOf, type TableIndex } from "../../../lib/core/methods/graphotter/table-index.ts";
import { termsOf } from "../../../lib/core/cell-graph/match.ts";
import { readOptions } from "../../../lib/core/methods/graphotter/question.ts";

/** One training question with its gold: the cells it names, the cells it reads, what it does. */
export type GoldQuestion = {
  id: string;
  suite: "hitab" | "aitqa" | "generated";
  table: string;
  question: string;
  answer: unknown[];
  index: TableIndex;
  operation: OperationClass | null;
  /** Node indexes of the header (or key) cells the question names. */
  labels: number[];
  /** Indexes into tree.cells of the cells the answer reads (a lookup's cell, the operands). */
  cells: number[];
  /** For group operations: the node of the header whose line holds the entries. */
  group: number | null;
};

const jsonl = <T,>(file: string): T[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

/** The graph a run reads for one imported table. */
async function openGraph(suite: string, id: string, file: string, name: string): Promise<CellGraph> {
  const { importOnce } = await import("../../eval/datasets.mts");
  const { loadDataset } = await import("../../../lib/server/stores/datasets.ts");
  const { openDatasetContext } = await import("../../../lib/server/methods/dataset-context.ts");
  const { openCellGraph } = await import("../../../lib/server/methods/graphotter/load-grid.ts");
  const datasetId = await importOnce(`${suite}:${id}`, [{ name, path: file }], `${suite} ${id}`);
  const dataset = await loadDataset(datasetId);
  if (!dataset) throw new Error(`dataset of ${suite} ${id} is gone`);
  // A busy machine can push one read past its time limit: try again before giving up.
  for (let attempt = 1; ; attempt++) {
    try {
      return (await openCellGraph(openDatasetContext(dataset), dataset.tables[0])).graph;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** The node covering grid position (r, c), if any. */
function nodeAt(g: CellGraph, r: number, c: number): number | undefined {
  return g.rowIndex[r]?.find((i) => g.nodes[i].cols.includes(c));
}

const coords = (key: string) => {
  const m = /\((\d+),\s*(\d+)\)/.exec(key);
  return m ? [Number(m[1]), Number(m[2])] : null;
};

const HITAB_OPERATION: Record<string, OperationClass> = {
  none: "lookup",
  sum: "sum",
  average: "average",
  diff: "difference",
  div: "ratio",
  opposite: "negate",
  argmax: "argmax",
  max: "argmax",
  argmin: "argmin",
  min: "argmin",
  "topk-argmax": "topk",
  counta: "count",
};

type HitabQuestion = {
  id: string;
  table_id: string;
  question: string;
  answer: unknown[];
  aggregation: string[];
  linked_cells: {
    entity_link: Record<string, Record<string, Record<string, unknown>>>;
    quantity_link: Record<string, Record<string, unknown>>;
  };
  reference_cells_map: Record<string, string>;
};

/** HiTab tune questions with their gold read off the linked cells. */
export async function hitabTune(root: string): Promise<GoldQuestion[]> {
  const dir = path.join(root, "hitab");
  const all = jsonl<HitabQuestion>(path.join(dir, "data", "test_samples_qualitycheck.jsonl")).filter((q) => {
    const lead = /^(\d+)/.exec(q.table_id);
    return lead !== null && Number(lead[1].at(-1)) % 2 === 0;
  });
  const out: GoldQuestion[] = [];
  const graphs = new Map<string, CellGraph>();
  for (const raw of all) {
    // One question of the file is a list of words, not a string.
    const q = { ...raw, question: Array.isArray(raw.question) ? raw.question.join(" ") : String(raw.question) };
    let g = graphs.get(q.table_id);
    if (!g) {
      g = await openGraph(
        "hitab",
        q.table_id,
        path.join(dir, "tables", "xlsx", `${q.table_id}.xlsx`),
        `hitab-${q.table_id}.xlsx`,
      );
      graphs.set(q.table_id, g);
    }
    const index = tableIndexOf(g);
    const labels = new Set<number>();
    for (const side of Object.values(q.linked_cells.entity_link))
      for (const mention of Object.values(side))
        for (const key of Object.keys(mention)) {
          const rc = coords(key);
          const n = rc ? nodeAt(g, rc[0], rc[1]) : undefined;
          if (n !== undefined) labels.add(n);
        }
    const cells = new Set<number>();
    for (const key of Object.keys(q.linked_cells.quantity_link["[ANSWER]"] ?? {})) {
      const rc = coords(key);
      const n = rc ? nodeAt(g, rc[0], rc[1]) : undefined;
      const c = n === undefined ? undefined : index.tree.cellOf.get(n);
      if (c !== undefined) cells.add(c);
    }
    const agg = q.aggregation[0];
    let operation: OperationClass | null = HITAB_OPERATION[agg] ?? null;
    if (agg === "pair-argmax" || agg === "pair-argmin" || agg === "greater_than" || agg === "less_than")
      operation = /\b(less|lower|fewer|smaller|least|lowest|worse)\b/i.test(q.question) ? "choose-min" : "choose-max";
    let group: number | null = null;
    if (operation === "argmax" || operation === "argmin" || operation === "topk" || operation === "count") {
      // The entries' column: a linked column header; the answer entry: the referenced label's row.
      group = [...labels].find((n) => index.tree.headers[index.tree.headerOf.get(n) ?? -1]?.axis === "column") ?? null;
      const ref = Object.values(q.reference_cells_map ?? {})[0];
      const rc = ref ? coords(ref) : null;
      if (rc && group !== null) {
        const cols = g.nodes[group].cols;
        for (const i of g.rowIndex[rc[0]] ?? []) {
          const c = index.tree.cellOf.get(i);
          if (c !== undefined && cols.includes(index.tree.cells[c].col) && index.tree.cells[c].number !== null)
            cells.add(c);
        }
      }
    }
    // A choice's operands: for each linked header an option names, the cell under it that the
    // question's other linked headers also reach.
    if (!cells.size && (operation === "choose-max" || operation === "choose-min")) {
      const options = (readOptions(q.question)?.texts ?? []).map((t) => termsOf(t));
      const linked = [...labels].map((n) => index.tree.headerOf.get(n)).filter((h): h is number => h !== undefined);
      const optionHeaders = linked.filter((h) =>
        options.some((o) => termsOf(g.nodes[index.tree.headers[h].node].value).some((t) => o.includes(t))),
      );
      for (const h of optionHeaders) {
        const others = linked.filter((x) => !optionHeaders.includes(x));
        let best: number[] = [];
        let most = -1;
        index.tree.cells.forEach((c, k) => {
          const path = [...c.rowPath, ...c.colPath];
          if (c.number === null || !path.includes(h)) return;
          const n = others.filter((x) => path.includes(x)).length;
          if (n > most) [most, best] = [n, [k]];
          else if (n === most) best.push(k);
        });
        if (best.length <= 2) for (const k of best) cells.add(k);
      }
    }
    if (!cells.size && operation === "lookup") {
      for (let c = 0; c < index.tree.cells.length; c++)
        if (cellMatch(q.answer, [g.nodes[index.tree.cells[c].node].value])) cells.add(c);
      if (cells.size > 3) cells.clear();
    }
    out.push({
      id: q.id,
      suite: "hitab",
      table: q.table_id,
      question: q.question,
      answer: q.answer,
      index,
      operation,
      labels: [...labels],
      cells: [...cells],
      group,
    });
  }
  return out;
}

/** AIT-QA tune questions: every one reads one cell; gold cells are the body cells holding the answer. */
export async function aitqaTune(root: string): Promise<GoldQuestion[]> {
  const { aitqaTableFile } = await import("../../eval/suites/aitqa.mts");
  const dir = path.join(root, "aitqa");
  const questions = jsonl<{ id: string; table_id: string; question: string; answers: string[] }>(
    path.join(dir, "raw_data", "aitqa_questions.jsonl"),
  ).filter((q) => Number(q.table_id.split("-")[1]) % 2 === 0);
  const out: GoldQuestion[] = [];
  const graphs = new Map<string, CellGraph>();
  for (const q of questions) {
    let g = graphs.get(q.table_id);
    if (!g) {
      const file = await aitqaTableFile(root, q.table_id);
      g = await openGraph("aitqa", q.table_id, file.path, file.name);
      graphs.set(q.table_id, g);
    }
    const index = tableIndexOf(g);
    const cells: number[] = [];
    index.tree.cells.forEach((c, k) => {
      if (cellMatch(q.answers, [g.nodes[c.node].value])) cells.push(k);
    });
    out.push({
      id: q.id,
      suite: "aitqa",
      table: q.table_id,
      question: q.question,
      answer: q.answers,
      index,
      operation: "lookup",
      labels: [],
      cells: cells.length <= 3 ? cells : [],
      group: null,
    });
  }
  return out;
}
