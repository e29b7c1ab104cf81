import type { TraceEvent } from "../../trace/event";
import type { Answer } from "../../trace/kinds-run";
import { normalizeText } from "../../text/normalize";
import type { AnswerSignals } from "./types";

/**
 * HELIOS's verdict features: what its own evidence says of its answer, read from its trace. The
 * reader's probability of the answer and its lead over the next one, the "no answer" probability,
 * how many places of the stars read the same answer and how much of the reader's top mass agrees
 * with it (a longer or shorter span of the same name counts), where it was read (a cell, or a
 * sentence of a passage verification kept), its star's rank, how much of the question the
 * sentence or row holds and whether the span is of the kind asked for. Calibrated on HELIOS's
 * tune data alone (models/helios-verdict.json, scripts/train/trainers/helios-verdict.mts).
 */
export const HELIOS_VERDICT_FEATURES: readonly string[] = [
  "readerP",
  "margin",
  "none",
  "places",
  "agreement",
  "fromPassage",
  "passageKept",
  "passageDropped",
  "topStar",
  "starRank",
  "cover",
  "fits",
  "anyHardCheck",
  "anyCheck",
  "questionWords",
];

type Candidate = Extract<TraceEvent, { type: "reader-candidates" }>["candidates"][number];

const key = (s: string) => ` ${normalizeText(s)} `;
/** Two answers agree when one's words contain the other's ("Seattle" and "Seattle International Film Festival"). */
const agrees = (a: string, b: string) => key(a).includes(key(b)) || key(b).includes(key(a));

/** The feature vector of a HELIOS answer, in HELIOS_VERDICT_FEATURES order. */
export function heliosEvidenceVector(events: readonly TraceEvent[], answer: Answer, signals: AnswerSignals): number[] {
  let read: Extract<TraceEvent, { type: "reader-candidates" }> | undefined;
  const verdicts = new Map<string, boolean>();
  for (const e of events) {
    if (e.type === "reader-candidates") read = e;
    else if (e.type === "passage-verification") verdicts.set(`${e.segment}|${e.passage}`, e.keep);
  }
  const list: Candidate[] = read?.candidates ?? [];
  const top = list.find((c) => c.text === answer.text) ?? list[0];
  const p1 = top?.score ?? answer.readerScore ?? 0;
  const p2 = list.find((c) => c !== top)?.score ?? 0;
  const mass = list.reduce((a, c) => a + c.score, 0);
  const agreeing = top ? list.filter((c) => agrees(c.text, top.text)).reduce((a, c) => a + c.score, 0) : 0;
  const verdict = top?.passage ? verdicts.get(`${top.segment}|${top.passage}`) : undefined;
  const v: Record<string, number> = {
    readerP: p1,
    margin: Math.max(0, p1 - p2),
    none: read?.none ?? 1,
    places: Math.log1p(Math.min(top?.places ?? 0, 8)) / Math.log(9),
    agreement: mass > 0 ? agreeing / mass : 0,
    fromPassage: top?.source === "passage" ? 1 : 0,
    passageKept: verdict === true ? 1 : 0,
    passageDropped: verdict === false ? 1 : 0,
    topStar: top?.star === 0 ? 1 : 0,
    starRank: Math.min(top?.star ?? 4, 4) / 4,
    cover: top?.cover ?? 0,
    fits: top?.fits ? 1 : 0,
    anyHardCheck: signals.failed.some((f) => f.hard) ? 1 : 0,
    anyCheck: signals.failed.length ? 1 : 0,
    questionWords: Math.min(signals.questionWords ?? 0, 20) / 20,
  };
  return HELIOS_VERDICT_FEATURES.map((f) => v[f] ?? 0);
}
