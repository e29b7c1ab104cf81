/**
 * Text normalisation shared by lexical matching and the hashed encoder. Both must agree, or an
 * "exact" hit and its vector would disagree about what the value is.
 */

const DIACRITICS = /[\u0300-\u036f]/g;
// A start year, a separator, then a 2- or 4-digit end year: "2014/15", "2014-2015", "1999–00".
// The lookarounds keep full dates ("2010-11-05", "05/2010-11") out.
const YEAR_SPAN = /(?<![\d/.-])((?:19|20)\d\d)\s*[-/\u2013\u2014]\s*(\d{4}|\d{2})\b(?![-/.]\d)/g;

/** Lowercases and strips accents, so "Café" and "cafe" compare equal. */
export function foldCase(s: string): string {
  // NFKD is the slowest step of embedding; plain ASCII (most cells) cannot change under it.
  if (!/[^\x00-\x7f]/.test(s)) return s.toLowerCase();
  return s.normalize("NFKD").replace(DIACRITICS, "").toLowerCase();
}

/**
 * Rewrites academic/fiscal year spans to the long form "2014-2015" so that "2014/15",
 * "2014-15" and "2014–2015" meet. Only spans of 1–10 years qualify; others are left alone
 * because "2014-05" is more likely a month than a span.
 */
export function canonicalYearSpans(s: string): string {
  if (!/(?:19|20)\d\d/.test(s)) return s;
  return s.replace(YEAR_SPAN, (whole, start: string, end: string) => {
    const from = Number(start);
    let to = Number(end);
    if (end.length === 2) {
      to = Math.floor(from / 100) * 100 + to;
      if (to <= from) to += 100; // "1999-00" crosses a century
    }
    const span = to - from;
    return span >= 1 && span <= 10 ? `${from}-${to}` : whole;
  });
}

/**
 * Canonical form of a value or query for matching: folded case, year spans expanded, "&" read as
 * "and", punctuation other than inner - . / ' turned into spaces, whitespace collapsed.
 */
export function normalizeText(s: string): string {
  return canonicalYearSpans(foldCase(s))
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}\-./' ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Words of a text after normalisation: runs of letters and digits. */
export function words(s: string): string[] {
  return normalizeText(s).match(/[\p{L}\p{N}]+/gu) ?? [];
}
