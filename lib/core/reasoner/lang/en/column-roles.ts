// English words of column names that say what a column is for: labels, codes, dates, prose, tallies, keys, roles.

/** Name words of a column that carries a name for its row. */
export const LABEL_WORDS = new Set(["name", "title", "label", "surname", "firstname", "lastname", "username"]);

/** Name words of digits that identify rather than measure. */
export const CODE_WORDS = new Set([
  "zip",
  "postal",
  "postcode",
  "phone",
  "fax",
  "telephone",
  "mobile",
  "isbn",
  "ssn",
  "sku",
]);

/** Name words of time columns. */
export const DATE_WORDS = new Set([
  "date",
  "time",
  "timestamp",
  "datetime",
  "year",
  "month",
  "day",
  "born",
  "birthday",
]);

/** Name words of free text: descriptions and notes are unique per row but name nothing. */
export const PROSE_WORDS = new Set([
  "description",
  "desc",
  "comment",
  "comments",
  "note",
  "notes",
  "text",
  "details",
  "detail",
  "summary",
  "remarks",
  "address",
  "url",
  "link",
  "email",
  "html",
  "image",
  "photo",
]);

/**
 * Rows that stand for several things: a table of routes with a `count` of flights on each, a
 * word list with the `frequency` of each word. "How many flights" asks for the total of that
 * column, not for the number of rows. The column is found by its name alone (general English
 * for a tally) and its type; a key or a text column never weighs rows. A `quantity` is not one:
 * it counts units of what a row is about (an order line's items), and "how many order lines"
 * still asks for lines.
 */
export const TALLY_WORDS = new Set(["count", "counts", "cnt", "frequency", "freq", "n"]);

// General English for the two ends of a movement: what "from X" and "to X" name in a schema.
export const FROM_WORDS = new Set([
  "from",
  "origin",
  "source",
  "depart",
  "departure",
  "leave",
  "start",
  "sender",
  "outbound",
]);

/** Column words for the destination end of a movement. */
export const TO_WORDS = new Set([
  "to",
  "destination",
  "dest",
  "target",
  "arrive",
  "arrival",
  "recipient",
  "inbound",
  "into",
]);

/** Verbs of leaving, naming the origin end. */
export const FROM_VERBS = /^(depart|departed|departing|departs|leave|leaves|leaving|left|originat\w*|outbound)$/;

/** Verbs of arriving, naming the destination end. */
export const TO_VERBS = /^(arrive|arrived|arriving|arrives|arrival|arrivals|inbound|destined)$/;

/** Column words of a name that answers "which …". */
export const NAME_WORDS = ["name", "title", "label"];

/** A phrase that names a key, code or number. */
export const KEY_PHRASE = /\b(id|ids|code|codes|key|keys|number|numbers|identifier|identifiers|no)\b/i;

/** A phrase that names a key, so a key column may answer it. */
export const KEY_MENTION = /\b(id|ids|code|codes|key|number|identifier)\b/i;

/** Column names of a first name. */
export const FIRST = /^(first|given|fore)[\s_-]?name$|^fname$/i;

/** Column names of a last name. */
export const LAST = /^(last|family|sur)[\s_-]?name$|^surname$|^lname$/i;

/** A question that asks for keys themselves (then no label replaces them). */
export const KEY_ASKED = /\b(id|ids|code|codes|number|numbers|key|identifier)\b/i;
