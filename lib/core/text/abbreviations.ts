/**
 * Built-in abbreviations seen in real schemas (BIRD, Spider, open-data portals). Keys are
 * lowercase tokens as they come out of identifier splitting; values are their expansions.
 * Ambiguous ones take the reading most common in table data ("st" -> "street" loses to
 * "state" because state codes are far more frequent as a column than street suffixes).
 */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  // counting and arithmetic
  num: "number", no: "number", nbr: "number", nr: "number", nmbr: "number", cnt: "count",
  qty: "quantity", amt: "amount", tot: "total", ttl: "total", avg: "average", med: "median",
  pct: "percent", perc: "percent", pcnt: "percent", prcnt: "percent", "%": "percent", "#": "number",
  max: "maximum", min: "minimum", std: "standard", dev: "deviation", var: "variance",
  ge: "greater or equal", gt: "greater than", le: "less or equal", lt: "less than",
  // identity and naming
  id: "identifier", uid: "user identifier", pk: "primary key", fk: "foreign key", ref: "reference",
  cd: "code", nm: "name", desc: "description", descr: "description", typ: "type", cat: "category",
  abbr: "abbreviation", abr: "abbreviation", seq: "sequence", idx: "index", ver: "version",
  fname: "first name", lname: "last name", mname: "middle name", dob: "date of birth",
  // time
  dt: "date", ts: "timestamp", yr: "year", yrs: "years", mo: "month", mth: "month", mon: "month",
  wk: "week", hr: "hour", hrs: "hours", sec: "second", qtr: "quarter", dur: "duration",
  // places
  addr: "address", str: "street", st: "state", cty: "city", cnty: "county", ctry: "country", cntry: "country",
  prov: "province", reg: "region", loc: "location", lat: "latitude", lon: "longitude",
  lng: "longitude", alt: "altitude", elev: "elevation", pop: "population", zip: "zip code",
  // organisations and people
  dept: "department", div: "division", org: "organization",
  corp: "corporation", govt: "government", intl: "international", natl: "national",
  univ: "university", inst: "institution", emp: "employee", empl: "employee", mgr: "manager",
  adm: "administrator", admin: "administrator", cust: "customer", usr: "user", stu: "student",
  tchr: "teacher", sch: "school", schl: "school", dist: "district", supt: "superintendent",
  // education (California/US school data)
  cds: "county district school", nces: "national center for education statistics",
  gs: "grade span", ed: "education", edu: "education", ops: "operations", enroll: "enrollment",
  enr: "enrollment", frpm: "free or reduced price meal", nslp: "national school lunch program",
  ell: "english learner", doc: "document",
  // money and commerce
  sal: "salary", acct: "account", acc: "account", bal: "balance", pmt: "payment", pymt: "payment",
  inv: "invoice", txn: "transaction", trx: "transaction", trans: "transaction", rev: "revenue",
  exp: "expense", prc: "price", disc: "discount", prod: "product", ord: "order", mkt: "market",
  // misc
  tel: "telephone", ph: "phone", ext: "extension", msg: "message", img: "image", pic: "picture",
  info: "information", temp: "temperature", ht: "height", wt: "weight", len: "length",
  freq: "frequency", src: "source", dst: "destination", dest: "destination", stat: "status",
  sts: "status", lvl: "level", grd: "grade", rk: "rank", pts: "points", gp: "games played",
  yoy: "year over year", ytd: "year to date", misc: "miscellaneous",
};

/** Words whose expansion reads "number of <rest>" when they open a name ("NumTstTakr"). */
export const COUNT_WORDS: ReadonlySet<string> = new Set(["number", "count"]);

/** Single letters that name a part of a person's name when followed by "name" ("AdmFName1"). */
export const NAME_PART_LETTERS: Readonly<Record<string, string>> = { f: "first", l: "last", m: "middle" };

/** Expansion of a lowercase abbreviation, or undefined. */
export function lookupAbbreviation(token: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(ABBREVIATIONS, token) ? ABBREVIATIONS[token] : undefined;
}
