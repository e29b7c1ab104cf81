import type { QuestionRecord } from "./report.mts";

// Selective answering: how often the app answers outright, how right it is then and when unsure,
// and how well its confidence is calibrated (expected calibration error).

/** The selective-answering numbers of a run, in percent (ECE as a fraction). */
export type Selective = {
  coverage: number;
  answeredAccuracy: number | null;
  unsureAccuracy: number | null;
  ece: number;
};

/**
 * Coverage and accuracies (percent) of the verdicts, and the expected calibration error over 10 bins.
 * An out-of-scope question counts in coverage and accuracies (answering it is wrong) but not in the
 * calibration error: its confidence is about an answer that cannot exist.
 */
export function selectiveOf(records: QuestionRecord[]): { selective?: Selective } {
  const judged = records.filter((r) => r.correct !== null && typeof r.confidence === "number");
  if (!judged.length) return {};
  const calibrated = judged.filter((r) => !r.outOfScope);
  const pct2 = (n: number, d: number) => (d ? Math.round((10000 * n) / d) / 100 : null);
  const answered = judged.filter((r) => r.verdict === "answered");
  const unsure = judged.filter((r) => r.verdict === "unsure");
  const bins = Array.from({ length: 10 }, () => ({ n: 0, conf: 0, right: 0 }));
  for (const r of calibrated) {
    const b = bins[Math.min(9, Math.floor(r.confidence! * 10))];
    b.n++;
    b.conf += r.confidence!;
    b.right += r.correct ? 1 : 0;
  }
  const ece = bins.reduce(
    (s, b) => s + (b.n ? (b.n / calibrated.length) * Math.abs(b.conf / b.n - b.right / b.n) : 0),
    0,
  );
  return {
    selective: {
      coverage: pct2(answered.length, judged.length) ?? 0,
      answeredAccuracy: pct2(answered.filter((r) => r.correct).length, answered.length),
      unsureAccuracy: pct2(unsure.filter((r) => r.correct).length, unsure.length),
      ece: Math.round(ece * 10000) / 10000,
    },
  };
}
