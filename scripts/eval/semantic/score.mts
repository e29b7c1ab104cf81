// Scores an inferred semantic model against hand labels (labels.json): labels, flags (and which value
// is true), dates (and their grain), bridges and views (with their base tables), as precision/recall.
import type { SemanticModel } from "../../../lib/core/model/semantic-model.ts";

export type Gold = {
  id: string;
  source: "realworld" | "spider_train";
  db?: string;
  files?: string[];
  labels: Record<string, string[] | null>;
  flags: Array<[string, string, string]>;
  dates: Array<[string, string, string]>;
  bridges: string[];
  views: Record<string, string[]>;
};

export type Tally = { tp: number; fp: number; fn: number };
/** Per kind: the tally, and for matched flags and dates how often the true value or grain is right. */
export type Scores = Record<"labels" | "flags" | "dates" | "bridges" | "views", Tally> & {
  flagValue: { right: number; of: number };
  grain: { right: number; of: number };
  misses: string[];
};

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0 });

/** An empty score sheet. */
export function emptyScores(): Scores {
  return {
    labels: tally(),
    flags: tally(),
    dates: tally(),
    bridges: tally(),
    views: tally(),
    flagValue: { right: 0, of: 0 },
    grain: { right: 0, of: 0 },
    misses: [],
  };
}

/** Adds one database's comparison to `s`. */
export function scoreModel(gold: Gold, model: SemanticModel, s: Scores): void {
  const table = (name: string) => model.tables.find((t) => norm(t.table) === norm(name));
  const miss = (what: string) => s.misses.push(`${gold.id}: ${what}`);
  for (const [name, want] of Object.entries(gold.labels)) {
    const got = table(name)?.label?.columns.map(norm) ?? null;
    const wanted = want?.map(norm) ?? null;
    if (!wanted && !got) continue;
    if (wanted && got && wanted.length === got.length && wanted.every((c) => got.includes(c))) s.labels.tp++;
    else {
      if (got) s.labels.fp++;
      if (wanted) s.labels.fn++;
      miss(`label of ${name}: ${got?.join("+") ?? "none"} (want ${want?.join("+") ?? "none"})`);
    }
  }
  const pairs = <T,>(
    kind: "flags" | "dates",
    goldRows: Array<[string, string, string]>,
    pred: Array<[string, string, T]>,
    check: (want: string, got: T) => boolean,
    acc: { right: number; of: number },
  ) => {
    const key = (t: string, c: string) => `${norm(t)}.${norm(c)}`;
    const predicted = new Map(pred.map(([t, c, v]) => [key(t, c), v]));
    const wanted = new Set(goldRows.map(([t, c]) => key(t, c)));
    for (const [t, c, v] of goldRows) {
      const got = predicted.get(key(t, c));
      if (got === undefined) {
        s[kind].fn++;
        miss(`${kind}: missed ${t}.${c}`);
        continue;
      }
      s[kind].tp++;
      acc.of++;
      if (check(v, got)) acc.right++;
      else miss(`${kind}: ${t}.${c} read as ${JSON.stringify(got)} (want ${v})`);
    }
    for (const [t, c] of pred)
      if (!wanted.has(key(t, c))) {
        s[kind].fp++;
        miss(`${kind}: ${t}.${c} is not one`);
      }
  };
  pairs(
    "flags",
    gold.flags,
    model.tables.flatMap((t) => t.flags.map((f) => [t.table, f.column, f.trueValues] as [string, string, string[]])),
    (want, got) => got.some((v) => norm(v) === norm(want)),
    s.flagValue,
  );
  pairs(
    "dates",
    gold.dates,
    model.tables.flatMap((t) => t.dates.map((d) => [t.table, d.column, d.grain] as [string, string, string])),
    (want, got) => want === got,
    s.grain,
  );
  const bridges = new Set(model.tables.filter((t) => t.kind.value === "bridge").map((t) => norm(t.table)));
  for (const b of gold.bridges) {
    if (bridges.has(norm(b))) s.bridges.tp++;
    else {
      s.bridges.fn++;
      miss(`bridge: missed ${b}`);
    }
  }
  for (const b of bridges)
    if (!gold.bridges.some((g) => norm(g) === b)) {
      s.bridges.fp++;
      miss(`bridge: ${b} is not one`);
    }
  for (const t of model.tables.filter((x) => x.view)) {
    const want = Object.entries(gold.views).find(([v]) => norm(v) === norm(t.table))?.[1];
    const got = t.view!.baseTables.map(norm).sort();
    if (want && want.map(norm).sort().join("|") === got.join("|")) s.views.tp++;
    else {
      s.views.fp++;
      if (want) s.views.fn++;
      miss(`view ${t.table}: bases ${got.join(", ")} (want ${want?.join(", ") ?? "not a view"})`);
    }
  }
  for (const v of Object.keys(gold.views))
    if (!table(v)?.view) {
      s.views.fn++;
      miss(`view ${v}: not read as a view`);
    }
}

/** "precision / recall" of a tally, in percent. */
export function pr(t: Tally): { precision: number | null; recall: number | null } {
  const p = t.tp + t.fp ? (100 * t.tp) / (t.tp + t.fp) : null;
  const r = t.tp + t.fn ? (100 * t.tp) / (t.tp + t.fn) : null;
  return {
    precision: p === null ? null : Math.round(p * 10) / 10,
    recall: r === null ? null : Math.round(r * 10) / 10,
  };
}
