// English words the semantic model's inference reads in names and values: affixes, flags, person names, measures.

/** Words a table name carries about how it was made, not what its rows are ("raw_customers", "stg_orders"). */
export const TABLE_AFFIXES = new Set([
  "raw",
  "stg",
  "staging",
  "dim",
  "fct",
  "fact",
  "vw",
  "v",
  "tbl",
  "tmp",
  "src",
  "view",
]);

/** Two written values of a yes/no column: the first means true. Compared lowercased. */
export const FLAG_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ["true", "false"],
  ["t", "f"],
  ["yes", "no"],
  ["y", "n"],
  ["1", "0"],
  ["on", "off"],
  ["pass", "fail"],
  ["passed", "failed"],
];

/** How a written value says "not the other one": "not finished", "non-smoker", "incomplete", "unpaid". */
export const NEGATED_VALUE = /^(?:not|non|no|never)[\s_-]?(.+)$|^(?:un|in|dis)(.{4,})$/;

/** Leading words of a flag's name ("is_active", "has_children", "was_returned"). */
export const FLAG_LEADS = new Set(["is", "has", "have", "was", "were", "can", "did", "does", "should", "will", "flag"]);

/** Trailing words of a flag's name ("discontinued_flag", "smoker_ind", "active_yn"). */
export const FLAG_TAILS = new Set(["flag", "ind", "indicator", "yn", "bool", "bit"]);

/** Name words of a first name, and of a last name, in a person's name split over two columns. */
export const FIRST_NAME_WORDS = new Set([
  "first",
  "given",
  "fore",
  "personal",
  "christian",
  "fname",
  "firstname",
  "forename",
  "givenname",
]);
export const LAST_NAME_WORDS = new Set(["last", "family", "sur", "surname", "lname", "lastname", "familyname"]);

/** Words a question uses for a person's first and last name together. */
export const FULL_NAME_WORDS = ["full name", "name"];

/** Name words of a column that names its row. */
export const LABEL_NAME_WORDS = new Set(["name", "title", "label", "caption", "heading", "username", "nickname"]);

/** Name words of an amount of money (summed). */
export const MONEY_WORDS = new Set([
  "amount",
  "revenue",
  "sales",
  "sale",
  "cost",
  "costs",
  "spend",
  "spent",
  "profit",
  "income",
  "expense",
  "expenses",
  "payment",
  "paid",
  "fee",
  "fees",
  "budget",
  "gross",
  "net",
  "value",
  "tip",
  "tips",
  "toll",
  "tolls",
  "fare",
  "salary",
  "wage",
  "price",
  "msrp",
  "charge",
  "total",
]);

/** Name words of an intensive quantity: averaged, not summed (a price, a rate, a score, an age). */
export const AVERAGED_WORDS = new Set([
  "price",
  "msrp",
  "rate",
  "ratio",
  "percent",
  "percentage",
  "pct",
  "share",
  "score",
  "rating",
  "average",
  "avg",
  "mean",
  "median",
  "age",
  "temperature",
  "temp",
  "speed",
  "height",
  "weight",
  "density",
  "index",
  "salary",
  "wage",
  "elevation",
  "altitude",
  "depth",
  "width",
  "length",
  "size",
  "grade",
  "margin",
  "probability",
  "pressure",
  "humidity",
]);

/** Name words of a quantity that is not added up or averaged at all (coordinates, sequence numbers). */
export const UNAGGREGATED_WORDS = new Set([
  "latitude",
  "longitude",
  "lat",
  "lon",
  "lng",
  "long",
  "x",
  "y",
  "z",
  "rank",
  "ranking",
  "position",
  "order",
  "sequence",
  "seq",
  "slot",
  "version",
  "number",
  "no",
]);

/** Name words of a span of time, whose unit the values may have to tell ("length" of a film in minutes). */
export const DURATION_WORDS = new Set(["duration", "length", "runtime", "running", "time", "elapsed", "delay", "wait"]);

/** Currency words and symbols in a column name, by ISO code. */
export const CURRENCY_WORDS: Record<string, string> = {
  usd: "USD",
  dollar: "USD",
  dollars: "USD",
  $: "USD",
  eur: "EUR",
  euro: "EUR",
  euros: "EUR",
  "€": "EUR",
  gbp: "GBP",
  sterling: "GBP",
  "£": "GBP",
  jpy: "JPY",
  yen: "JPY",
  cad: "CAD",
  aud: "AUD",
  chf: "CHF",
  inr: "INR",
  rupees: "INR",
  cny: "CNY",
  yuan: "CNY",
};

/** Words of a count of money in its smallest unit ("amount_cents"): the number is a hundredth of the unit. */
export const CENT_WORDS = new Set(["cent", "cents", "pence", "penny"]);

/** Magnitude words a column name scales its numbers by ("population_thousands", "sales_mn", "in 000s"). */
export const NAME_MAGNITUDES: Record<string, number> = {
  thousand: 1e3,
  thousands: 1e3,
  "000s": 1e3,
  "000": 1e3,
  k: 1e3,
  million: 1e6,
  millions: 1e6,
  mn: 1e6,
  mio: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
};

/** Units that are one letter or a function word, read as a unit only when they end a longer name ("height_m"). */
export const SHORT_UNITS = new Set(["m", "s", "h", "g", "c", "f", "in", "t", "mi"]);

/**
 * Words of a view's column that only order or count what its base tables hold ("most_recent_order",
 * "number_of_orders", "first_order"): such a column does not make the view the one a question names.
 */
export const DERIVED_FIGURE_WORDS = new Set([
  "most",
  "least",
  "recent",
  "latest",
  "earliest",
  "first",
  "last",
  "highest",
  "lowest",
  "top",
  "bottom",
  "max",
  "min",
  "maximum",
  "minimum",
  "number",
  "count",
  "total",
  "sum",
  "average",
  "avg",
  "mean",
  "of",
]);
