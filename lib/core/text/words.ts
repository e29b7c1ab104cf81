/**
 * Words that schema names are built from, most common first. Abbreviation matching and the
 * splitting of glued names ("satscores") search this list; its order breaks ties, so a short
 * abbreviation resolves to the word a database designer most likely meant ("dist" -> "district"
 * before "distance"). Plurals are handled by the caller, so only base forms are listed.
 */
const LIST = `
number name id code date year type count total amount average score test taker value
school district county city state country address street zip phone email status
student teacher class grade enrollment enroll rate percent percentage free reduced meal price
first last middle full short long low high min max minimum maximum mean median sum
start end open closed close begin finish time day month week hour minute second quarter
customer client order product item quantity cost sale sales revenue profit budget
employee manager department salary title job position hire birth age gender sex
account balance transaction payment invoice bill credit debit bank card
location region area zone latitude longitude altitude elevation population size
description comment note detail text label category group kind class level rank
reference source target origin destination parent child owner user member person
company organization business office branch store shop market industry sector
flight airport airline route trip station vehicle car model make engine fuel
game team player match season league points goal win loss draw home away
movie film actor director genre rating review award
book author publisher edition page chapter library
patient doctor hospital visit treatment diagnosis drug dose
course subject program semester term credit hour lecture exam
university college campus faculty staff administrator principal superintendent
charter magnet virtual funding fund direct local special education
math reading writing science history art music language english
result outcome measure metric indicator index ratio share proportion
mail street abbreviation extension website web url link
active inactive valid flag indicator
sat act test
building room floor capacity
weight height length width depth volume area distance duration speed temperature
image photo file document version sequence order position
country nation province territory continent capital
ethnicity race language religion citizenship nationality
income expense tax fee charge discount cost price
operation operations service support
supplier vendor shipper warehouse inventory stock unit
party candidate election vote district seat
event venue ticket attendance
update created modified deleted
offered served span grade low high
ownership
public private
eligible eligibility
provision
program
coordinator contact
head count
ship shipping delivery freight carrier package
fall spring summer winter season
case crash accident injury severity occupant passenger driver
`;

/** Known schema words in priority order, deduplicated. */
export const SCHEMA_WORDS: readonly string[] = [...new Set(LIST.split(/\s+/).filter(Boolean))];

const WORD_SET = new Set(SCHEMA_WORDS);
const RANK = new Map(SCHEMA_WORDS.map((w, i) => [w, i]));

/** Words that English glues as-is and that schema names use bare. */
const EXTRA_KNOWN = new Set(
  "a an and as at by for from in of on or per the to with without is not no yes all any each new old".split(" "),
);

/** True for a listed schema word or a very common function word (lowercase input). */
export function isKnownWord(w: string): boolean {
  return WORD_SET.has(w) || EXTRA_KNOWN.has(w);
}

/** Priority of a known word; lower is more common. Unknown words rank last. */
export function wordRank(w: string): number {
  return RANK.get(w) ?? Number.MAX_SAFE_INTEGER;
}

/** Regular English plural of a noun, for "number of test taker" -> "takers". */
export function pluralize(w: string): string {
  if (!/[a-z]$/.test(w) || w.endsWith("s")) return w;
  if (/(x|z|ch|sh)$/.test(w)) return w + "es";
  if (/[^aeiou]y$/.test(w)) return w.slice(0, -1) + "ies";
  return w + "s";
}

/** Singular of a regular plural when the singular is a known word, else null. */
export function knownSingular(w: string): string | null {
  if (w.endsWith("ies") && isKnownWord(w.slice(0, -3) + "y")) return w.slice(0, -3) + "y";
  if (w.endsWith("es") && isKnownWord(w.slice(0, -2))) return w.slice(0, -2);
  if (w.endsWith("s") && isKnownWord(w.slice(0, -1))) return w.slice(0, -1);
  return null;
}
