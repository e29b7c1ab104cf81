import type { QuestionRecord } from "./report.mts";

// A run's numbers broken down: accuracy per question tag (the realworld suite's classes), how many
// answers got each verdict, and what became of the questions the data cannot answer.

export type TagAccuracy = { n: number; correct: number; accuracy: number };
export type VerdictCounts = { answered: number; unsure: number; "no-answer": number };

export type Breakdown = {
  /** Accuracy (percent) per tag, over the scored questions carrying it. */
  byTag?: Record<string, TagAccuracy>;
  /** Verdicts over every question. */
  verdicts?: VerdictCounts;
  /** Out-of-scope questions: how many, and their verdicts ("answered" ones are the failures that matter). */
  outOfScope?: { n: number } & VerdictCounts;
};

const pct = (n: number, d: number) => (d ? Math.round((10000 * n) / d) / 100 : 0);

function countVerdicts(records: readonly QuestionRecord[]): VerdictCounts {
  const out: VerdictCounts = { answered: 0, unsure: 0, "no-answer": 0 };
  for (const r of records) if (r.verdict) out[r.verdict]++;
  return out;
}

/** The breakdown of a run's records (each part only when the records carry what it counts). */
export function breakdownOf(records: readonly QuestionRecord[]): Breakdown {
  const out: Breakdown = {};
  if (records.some((r) => r.tags?.length)) {
    const byTag: Record<string, TagAccuracy> = {};
    for (const r of records) {
      if (r.correct === null) continue;
      for (const t of r.tags ?? []) {
        const s = (byTag[t] ??= { n: 0, correct: 0, accuracy: 0 });
        s.n++;
        if (r.correct) s.correct++;
      }
    }
    for (const s of Object.values(byTag)) s.accuracy = pct(s.correct, s.n);
    out.byTag = Object.fromEntries(Object.entries(byTag).sort(([a], [b]) => a.localeCompare(b)));
  }
  if (records.some((r) => r.verdict)) out.verdicts = countVerdicts(records);
  const oos = records.filter((r) => r.outOfScope);
  if (oos.length) out.outOfScope = { n: oos.length, ...countVerdicts(oos) };
  return out;
}

/** Summary table rows of a breakdown (printed after accuracy). */
export function breakdownRows(b: Breakdown): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const v = (c: VerdictCounts) => `${c.answered} / ${c.unsure} / ${c["no-answer"]}`;
  if (b.verdicts) rows.push(["verdicts answered / unsure / no-answer", v(b.verdicts)]);
  if (b.outOfScope) rows.push([`out-of-scope (n=${b.outOfScope.n}): answered / unsure / no-answer`, v(b.outOfScope)]);
  for (const [tag, s] of Object.entries(b.byTag ?? {}))
    rows.push([`  ${tag}`, `${s.accuracy.toFixed(2)} % (${s.correct}/${s.n})`]);
  return rows;
}

/** The breakdown fields of the --json summary line. */
export function breakdownJson(b: Breakdown): Record<string, unknown> {
  return {
    ...(b.verdicts ? { verdicts: b.verdicts } : {}),
    ...(b.outOfScope ? { outOfScope: b.outOfScope } : {}),
    ...(b.byTag ? { byTag: b.byTag } : {}),
  };
}
