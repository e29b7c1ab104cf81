// Nobel laureates (the Nobel Prize API's v1 laureate records) as a relational database: laureates,
// prizes (one per year and category), the laureate_prizes bridge (a prize shared by several laureates,
// a laureate with several prizes) and each awarded prize's affiliations.
import { readFileSync } from "node:fs";
import { writeSqlite } from "../convert/sqlite-write.mts";
import { table } from "./json-dbs.mts";

type Affiliation = { name?: string; city?: string; country?: string };
type Prize = {
  year: string;
  category: string;
  share: string;
  motivation?: string;
  overallMotivation?: string;
  affiliations?: Array<Affiliation | []>;
};
type Laureate = Record<string, string | undefined> & { id: string; prizes: Prize[] };

const LAUREATE_FIELDS = [
  "id",
  "firstname",
  "surname",
  "born",
  "died",
  "bornCountry",
  "bornCountryCode",
  "bornCity",
  "diedCountry",
  "diedCountryCode",
  "diedCity",
  "gender",
] as const;

/**
 * Builds the Nobel database from laureate.json. Text stays as the API writes it: a living laureate's
 * `died` is "0000-00-00", an organisation's `born` its founding year as "1863-00-00"; a field the
 * record lacks is NULL; year, id and share (2 = a half) are numbers.
 */
export function buildNobel(files: Record<string, string>, out: string): void {
  const laureates = JSON.parse(readFileSync(files["laureate.json"], "utf8")) as Laureate[];
  const defs = {
    laureates: table("laureates", LAUREATE_FIELDS.map((f) => `${f} ${f === "id" ? "INTEGER" : "TEXT"}`).join(", "), [
      "id",
    ]),
    prizes: table("prizes", "year INTEGER, category TEXT, overallMotivation TEXT", ["year", "category"]),
    awarded: table(
      "laureate_prizes",
      "laureate_id INTEGER, year INTEGER, category TEXT, share INTEGER, motivation TEXT",
      ["laureate_id", "year", "category"],
      ["laureate_id → laureates.id", "year,category → prizes.year,category"],
    ),
    affiliations: table(
      "affiliations",
      "laureate_id INTEGER, year INTEGER, category TEXT, listed_order INTEGER, name TEXT, city TEXT, country TEXT",
      ["laureate_id", "year", "category", "listed_order"],
      ["laureate_id,year,category → laureate_prizes.laureate_id,year,category"],
    ),
  };
  const prizes = new Map<string, unknown[]>();
  const awarded: unknown[][] = [];
  const affiliations: unknown[][] = [];
  for (const l of laureates)
    for (const p of l.prizes) {
      const key = `${p.year}|${p.category}`;
      const prior = prizes.get(key);
      if (!prior) prizes.set(key, [Number(p.year), p.category, p.overallMotivation ?? null]);
      else if (prior[2] === null && p.overallMotivation) prior[2] = p.overallMotivation;
      awarded.push([Number(l.id), Number(p.year), p.category, Number(p.share), p.motivation ?? null]);
      const named = (p.affiliations ?? []).filter((a): a is Affiliation => !Array.isArray(a) && Boolean(a.name));
      named.forEach((a, i) =>
        affiliations.push([Number(l.id), Number(p.year), p.category, i + 1, a.name, a.city ?? null, a.country ?? null]),
      );
    }
  writeSqlite(out, [
    {
      def: defs.laureates,
      rows: laureates.map((l) => LAUREATE_FIELDS.map((f) => (f === "id" ? Number(l.id) : (l[f] ?? null)))),
    },
    { def: defs.prizes, rows: [...prizes.values()] },
    { def: defs.awarded, rows: awarded },
    { def: defs.affiliations, rows: affiliations },
  ]);
}
