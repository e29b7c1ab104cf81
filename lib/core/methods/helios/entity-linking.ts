import { cosine } from "../../text/encoder";
import { createHashedEncoder } from "../../text/hashed-encoder";
import { normalizeText, words } from "../../text/normalize";
import { isStopword } from "./stopwords";
import type { Link, LinkKind, Passage, Segment } from "./types";

/** Cosine of the local encoder at which a cell value and a title are taken as the same name. */
const FUZZY_THRESHOLD = 0.82;
/** Titles shared by more cells' words than this are too common to propose fuzzy candidates. */
const MAX_CANDIDATES = 25;

const SCORE: Record<LinkKind, number> = { hyperlink: 1, exact: 1, normalised: 0.9, fuzzy: 0 };

/** The names a passage goes by: its title, the title without a "(disambiguation)", its aliases. */
function passageNames(p: Passage): string[] {
  const names = [p.title, p.title.replace(/\s*\([^)]*\)\s*$/, ""), ...(p.aliases ?? [])];
  return [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))];
}

/** A hyperlink's target as a title: "/wiki/Paris_(film)" or a full URL → "Paris (film)". */
export function linkTitle(href: string): string | null {
  const m = /\/wiki\/([^?#\s]+)/.exec(href);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]).replace(/_/g, " ");
  } catch {
    return m[1].replace(/_/g, " ");
  }
}

/**
 * Early fusion (HELIOS §3): links table segments to passages by entity linking. A cell links to a
 * passage when it holds the passage's URL or a wiki link to its title (hyperlink), equals one of
 * its names (exact), equals it after normalisation (normalised: case, accents, punctuation), or
 * is close to it under the local text encoder (fuzzy, score = cosine) — fuzzy candidates are only
 * the titles sharing a content word with the cell, which keeps the pass linear in the cells.
 * `hrefs` gives hyperlinks known from the data (segment id → link targets), e.g. OTT-QA's.
 */
export function linkEntities(
  segments: Segment[],
  passages: Passage[],
  hrefs: Map<string, string[]> = new Map(),
): Link[] {
  const byExact = new Map<string, string>();
  const byNorm = new Map<string, string>();
  const byUrl = new Map<string, string>();
  const byWord = new Map<string, Set<string>>();
  for (const p of passages) {
    if (p.url) byUrl.set(p.url.trim(), p.id);
    for (const name of passageNames(p)) {
      if (!byExact.has(name)) byExact.set(name, p.id);
      const n = normalizeText(name);
      if (n && !byNorm.has(n)) byNorm.set(n, p.id);
      for (const w of words(name))
        if (!isStopword(w) && w.length > 2) (byWord.get(w) ?? byWord.set(w, new Set()).get(w)!).add(p.id);
    }
  }
  const encoder = createHashedEncoder();
  const titleVectors = new Map<string, Float32Array>();
  const titleVector = (id: string, title: string) =>
    titleVectors.get(id) ?? titleVectors.set(id, encoder.embedOne(title)).get(id)!;
  const titles = new Map(passages.map((p) => [p.id, p.title]));
  const best = new Map<string, Link>();
  const add = (segment: string, passage: string, column: string | undefined, kind: LinkKind, score: number) => {
    const key = `${segment}|${passage}`;
    const old = best.get(key);
    if (!old || old.score < score) best.set(key, { segment, passage, ...(column ? { column } : {}), kind, score });
  };
  for (const s of segments) {
    for (const href of hrefs.get(s.id) ?? []) {
      const target = byUrl.get(href) ?? byExact.get(linkTitle(href) ?? "\u0000");
      if (target) add(s.id, target, undefined, "hyperlink", SCORE.hyperlink);
    }
    s.values.forEach((raw, i) => {
      if (typeof raw !== "string") return;
      const value = raw.trim();
      if (value.length < 2 || value.length > 300) return;
      const column = s.columns[i];
      const url = byUrl.get(value) ?? (linkTitle(value) ? byExact.get(linkTitle(value)!) : undefined);
      if (url) return add(s.id, url, column, "hyperlink", SCORE.hyperlink);
      const exact = byExact.get(value);
      if (exact) return add(s.id, exact, column, "exact", SCORE.exact);
      const norm = byNorm.get(normalizeText(value));
      if (norm) return add(s.id, norm, column, "normalised", SCORE.normalised);
      const candidates = new Set<string>();
      for (const w of words(value)) {
        const ids = byWord.get(w);
        if (ids && ids.size <= MAX_CANDIDATES) for (const id of ids) candidates.add(id);
      }
      if (!candidates.size) return;
      const v = encoder.embedOne(value);
      for (const id of candidates) {
        const c = cosine(v, titleVector(id, titles.get(id)!));
        if (c >= FUZZY_THRESHOLD) add(s.id, id, column, "fuzzy", Math.round(c * 1000) / 1000);
      }
    });
  }
  return [...best.values()];
}
