// Relational SQLite databases built from npm packages of JSON records: airports (OurAirports),
// countries (countries-list, arrays become bridge tables) and a Pokédex (oakdex-pokedex).
import { readFileSync } from "node:fs";
import type { ColumnDef, ForeignKey, TableDef } from "../convert/ddl.mts";
import { type TableData, writeSqlite } from "../convert/sqlite-write.mts";

type Json = Record<string, unknown>;
const readJson = <T,>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;

/**
 * A table definition from column specs ("name TYPE, name TYPE"), a primary key and foreign keys
 * ("col → table.col").
 */
export function table(name: string, specs: string, primaryKey: string[], fks: string[] = []): TableDef {
  const columns: ColumnDef[] = specs.split(/,\s*/).map((s) => {
    const [col, type] = s.trim().split(/\s+/);
    return { name: col, type, notNull: primaryKey.includes(col) };
  });
  const foreignKeys: ForeignKey[] = fks.map((f) => {
    const [cols, ref] = f.split(" → ");
    const [refTable, refCols] = ref.split(".");
    return { columns: cols.split(","), table: refTable, refColumns: refCols.split(",") };
  });
  return { name, columns, primaryKey, foreignKeys };
}

/** Rows of records in the order of the table's columns (a record's missing field is null). */
const rowsOf = (def: TableDef, records: Json[]) => records.map((r) => def.columns.map((c) => r[c.name] ?? null));

/** OurAirports' airports, regions and countries (every value written as the JSON holds it). */
export function buildAirports(files: Record<string, string>, out: string): void {
  const countries = table(
    "countries",
    "id INTEGER, code TEXT, name TEXT, continent TEXT, wikipedia_link TEXT, keywords TEXT",
    ["code"],
  );
  const regions = table(
    "regions",
    "id INTEGER, code TEXT, local_code TEXT, name TEXT, continent TEXT, iso_country TEXT, " +
      "wikipedia_link TEXT, keywords TEXT",
    ["code"],
    ["iso_country → countries.code"],
  );
  const airports = table(
    "airports",
    "id INTEGER, ident TEXT, type TEXT, name TEXT, latitude_deg REAL, longitude_deg REAL, " +
      "elevation_ft INTEGER, continent TEXT, iso_country TEXT, iso_region TEXT, municipality TEXT, " +
      "scheduled_service TEXT, gps_code TEXT, iata_code TEXT, local_code TEXT, home_link TEXT, " +
      "wikipedia_link TEXT, keywords TEXT",
    ["id"],
    ["iso_country → countries.code", "iso_region → regions.code"],
  );
  const load = (rel: string) => readJson<Json[]>(files[rel]);
  writeSqlite(out, [
    { def: countries, rows: rowsOf(countries, load("package/data/countries.json")) },
    { def: regions, rows: rowsOf(regions, load("package/data/regions.json")) },
    { def: airports, rows: rowsOf(airports, load("package/data/airports.json")) },
  ]);
}

/** countries-list: countries and their lookups; calling codes, languages, currencies and former names as bridges. */
export function buildCountries(files: Record<string, string>, out: string): void {
  type Country = {
    name: string;
    native: string;
    phone: number[];
    continent: string;
    capital: string;
    currency: string[];
    languages: string[];
    partOf?: string;
    alias?: string[];
  };
  const countries = readJson<Record<string, Country>>(files["package/countries.min.json"]);
  const continents = readJson<Record<string, string>>(files["package/continents.min.json"]);
  const languages = readJson<Record<string, { name: string; native: string; rtl?: number }>>(
    files["package/languages.min.json"],
  );
  const currencies = readJson<Record<string, Json>>(files["package/currencies.min.json"]);
  const entries = Object.entries(countries);
  const defs = {
    continents: table("continents", "code TEXT, name TEXT", ["code"]),
    countries: table(
      "countries",
      "code TEXT, name TEXT, native_name TEXT, capital TEXT, continent_code TEXT, part_of TEXT",
      ["code"],
      ["continent_code → continents.code", "part_of → countries.code"],
    ),
    languages: table("languages", "code TEXT, name TEXT, native_name TEXT, right_to_left INTEGER", ["code"]),
    currencies: table(
      "currencies",
      "code TEXT, name TEXT, symbol TEXT, native_symbol TEXT, numeric_code TEXT, decimals INTEGER",
      ["code"],
    ),
    calling: table(
      "country_calling_codes",
      "country_code TEXT, calling_code INTEGER",
      ["country_code", "calling_code"],
      ["country_code → countries.code"],
    ),
    spoken: table(
      "country_languages",
      "country_code TEXT, language_code TEXT, listed_order INTEGER",
      ["country_code", "language_code"],
      ["country_code → countries.code", "language_code → languages.code"],
    ),
    money: table(
      "country_currencies",
      "country_code TEXT, currency_code TEXT, listed_order INTEGER",
      ["country_code", "currency_code"],
      ["country_code → countries.code", "currency_code → currencies.code"],
    ),
    aliases: table(
      "country_aliases",
      "country_code TEXT, alias TEXT",
      ["country_code", "alias"],
      ["country_code → countries.code"],
    ),
  };
  const tables: TableData[] = [
    { def: defs.continents, rows: Object.entries(continents) },
    {
      def: defs.countries,
      rows: entries.map(([code, c]) => [code, c.name, c.native, c.capital, c.continent, c.partOf ?? null]),
    },
    { def: defs.languages, rows: Object.entries(languages).map(([code, l]) => [code, l.name, l.native, l.rtl ?? 0]) },
    {
      def: defs.currencies,
      rows: Object.entries(currencies).map(([code, m]) => [
        code,
        m.name,
        m.symbol,
        m.symbolNative,
        m.numeric,
        m.decimals,
      ]),
    },
    { def: defs.calling, rows: entries.flatMap(([code, c]) => c.phone.map((p) => [code, p])) },
    { def: defs.spoken, rows: entries.flatMap(([code, c]) => c.languages.map((l, i) => [code, l, i + 1])) },
    { def: defs.money, rows: entries.flatMap(([code, c]) => c.currency.map((m, i) => [code, m, i + 1])) },
    { def: defs.aliases, rows: entries.flatMap(([code, c]) => (c.alias ?? []).map((a) => [code, a])) },
  ];
  writeSqlite(out, tables);
}
