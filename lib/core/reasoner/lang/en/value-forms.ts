// English word forms a cell may hold instead of the question's word (plurals, adjectives, peoples and places).
/**
 * Other written forms of a question word that a cell may hold instead: the noun of an adjective
 * ("snowy" → snow, "rainy" → rain, "sunny" → sun), the singular or plural ("comedies" → comedy,
 * "plane" → planes), and the place of a people or region word ("African" → Africa, "Hawaiian" →
 * Hawaii, "European" → Europe, "Spanish" → Spain). Each form is only a guess to look up: a form
 * no cell holds finds nothing.
 */
export function valueForms(word: string): string[] {
  // "R-rated", "PG-13-rated": a short code joined to a word is the code.
  const code = /^([A-Z0-9]{1,5}(?:-[0-9]{1,3})?)-[a-z]{3,}$/.exec(word)?.[1];
  if (code) return [code];
  const w = word.toLowerCase();
  if (!/^[a-z]{3,}$/.test(w)) return [];
  const out = new Set<string>();
  const add = (f: string) => f.length >= 2 && f !== w && out.add(f);
  // Adjectives in -y: snowy → snow, sunny → sun, foggy → fog.
  if (/[^aeiou]y$/.test(w) && w.length >= 4) {
    const base = w.slice(0, -1);
    add(base);
    if (/([b-df-hj-np-tv-z])\1$/.test(base)) add(base.slice(0, -1));
  }
  // Number: comedies → comedy, planes → plane, plane → planes, box → boxes.
  if (w.endsWith("ies")) add(`${w.slice(0, -3)}y`);
  else if (/(s|x|z|ch|sh)es$/.test(w)) add(w.slice(0, -2));
  else if (w.endsWith("s") && !w.endsWith("ss")) add(w.slice(0, -1));
  else add(/(s|x|z|ch|sh)$/.test(w) ? `${w}es` : /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`);
  // Peoples and regions: African → Africa, Hawaiian → Hawaii, European → Europe, Italian → Italy,
  // Canadian → Canada, Spanish → Spain, Japanese → Japan, German → Germany.
  if (w.endsWith("ian")) {
    add(w.slice(0, -2));
    add(`${w.slice(0, -3)}y`);
    add(`${w.slice(0, -3)}a`);
  }
  if (w.endsWith("ean")) add(w.slice(0, -2));
  if (w.endsWith("an")) {
    add(w.slice(0, -1));
    add(w.slice(0, -2));
    add(`${w}y`);
  }
  if (w.endsWith("ish")) {
    add(w.slice(0, -3));
    add(`${w.slice(0, -3)}ain`);
    add(`${w.slice(0, -3)}and`);
  }
  if (w.endsWith("ese")) add(w.slice(0, -3));
  return [...out];
}
