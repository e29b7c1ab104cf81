import fs from "node:fs";
import { writeNumbersWorkbook } from "./big-xlsx";
import { sqliteFile, text } from "./build";
import { type CorpusFile, write } from "./case-helpers";

// The inputs of issue 27 that stopped the server or replaced data (a probe of ~1,500 hostile
// inputs, 2026-11-27), each rebuilt here from its description. survive.test.ts uploads them
// through the real routes while a second process polls GET / (see that file for what each must do).

const rows = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i)).join("\n");

/** One SQLite file of `tables` one-column tables, each keyed `a integer primary key` (3 rows each). */
const keyedTables = (tables: number) => (p: string) =>
  sqliteFile(
    p,
    Array.from(
      { length: tables },
      (_, i) => `CREATE TABLE t${i}(a integer primary key); INSERT INTO t${i} VALUES (1), (2), (3);`,
    ).join(" "),
  );

const CITIES = ["Fresno", "Oakland", "Sacramento", "Irvine", "Modesto", "Stockton", "Eureka", "Chico"];
const city = (i: number) => CITIES[i % CITIES.length];
const team = (i: number) => `Team ${i % 500}`;
const score = (i: number) => (i * 37) % 1000;

export const SURVIVE_FILES = {
  longHeader: {
    file: "header-100k.csv",
    large: true,
    why: "a header that is one 100,000-character name of glued known words (segmentGlued was super-linear)",
    build: write(text(`${"population".repeat(10_000)}\n1\n2\n3\n`)),
  },
  bigWorkbook: {
    file: "numbers-240k-x50.xlsx",
    why:
      "240,000 rows × 50 numbers: 385 MB of sheet XML, under every size limit " +
      "(it crashed the server at the heap limit)",
    large: true,
    build: (p) => writeNumbersWorkbook(p, 240_000, 50),
  },
  manyKeyedTables: {
    file: "keys-3000.sqlite",
    why: "3,000 one-column tables keyed `a integer primary key` (4,498,500 same-name key edges)",
    large: true,
    build: keyedTables(3000),
  },
  someKeyedTables: {
    file: "keys-400.sqlite",
    why: "400 one-column tables keyed `a`: within the table limit, so it is indexed and its schema graph served",
    large: true,
    build: keyedTables(400),
  },
  bigTable: {
    file: "people-200k.csv",
    why: "200,000 rows, for HELIOS with k1 = 1,000, k2 = 1,000 and the widest beam",
    large: true,
    build: write(
      text(`id,name,city,team,score\n${rows(200_000, (i) => `${i},Person ${i},${city(i)},${team(i)},${score(i)}`)}\n`),
    ),
  },
  reportSpace: {
    file: "report-space.csv",
    why: 'uploaded as "report 2024.csv", next to "report_2024.csv": names that clean to one table name',
    build: write(text("Report,Report\nregion,total\nNorth,10\n")),
  },
  reportUnderscore: {
    file: "report-underscore.csv",
    why: 'uploaded as "report_2024.csv"',
    build: write(text("Report,Report\nregion,total\nSouth,20\nEast,30\n")),
  },
  dataOne: {
    file: "data-first.csv",
    why: 'uploaded as "data.csv", next to another "data.csv"',
    build: write(text("Data,Data\nk,v\na,1\n")),
  },
  dataTwo: {
    file: "data-second.csv",
    why: 'uploaded as "data.csv" too',
    build: write(text("Data,Data\nk,v\nb,2\nc,3\nd,4\n")),
  },
  zurich: {
    file: "zurich.csv",
    why: 'uploaded as "Zürich.csv": a UTF-8 file name (busboy read names as Latin-1: ZÃ¼rich)',
    build: write(text("Quartier,Einwohner\nAltstadt,6000\nWipkingen,17000\n")),
  },
  oneBadByte: {
    file: "utf8-one-bad-byte.csv",
    why: "2,000 good UTF-8 cells and one Windows-1252 byte near the end (the whole file was re-read as Windows-1252)",
    build: (p) =>
      fs.writeFileSync(
        p,
        Buffer.concat([
          text(`city,n\n${rows(2000, () => "Zürich,1")}\n`),
          Buffer.from([0x43, 0x61, 0x66, 0xe9]),
          text(",2\n"),
        ]),
      ),
  },
} satisfies Record<string, CorpusFile>;
