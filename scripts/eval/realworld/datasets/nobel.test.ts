import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { buildNobel } from "./nobel.mts";

const dir = mkdtempSync(path.join(os.tmpdir(), "realworld-nobel-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Records as the Nobel Prize API's v1 laureate file writes them: a person with two prizes, a
// living person, an organisation, affiliations (an empty one written as []).
const LAUREATES = [
  {
    id: "6",
    firstname: "Marie",
    surname: "Curie",
    born: "1867-11-07",
    died: "1934-07-04",
    bornCountryCode: "PL",
    gender: "female",
    prizes: [
      { year: "1903", category: "physics", share: "4", motivation: '"rays"', affiliations: [[]] },
      {
        year: "1911",
        category: "chemistry",
        share: "1",
        motivation: '"radium"',
        affiliations: [{ name: "Sorbonne University", city: "Paris", country: "France" }],
      },
    ],
  },
  {
    id: "5",
    firstname: "Pierre",
    surname: "Curie",
    born: "1859-05-15",
    died: "1906-04-19",
    gender: "male",
    prizes: [{ year: "1903", category: "physics", share: "4", overallMotivation: '"joint"', affiliations: [] }],
  },
  {
    id: "937",
    firstname: "Malala",
    surname: "Yousafzai",
    born: "1997-07-12",
    died: "0000-00-00",
    gender: "female",
    prizes: [{ year: "2014", category: "peace", share: "2", motivation: '"girls"', affiliations: [[]] }],
  },
  {
    id: "482",
    firstname: "International Committee of the Red Cross",
    born: "1863-00-00",
    died: "0000-00-00",
    gender: "org",
    prizes: [{ year: "1917", category: "peace", share: "1", affiliations: [[]] }],
  },
];

describe("the Nobel database", () => {
  it("keeps values as the API writes them and shares prizes through the bridge table", () => {
    const json = path.join(dir, "laureate.json");
    writeFileSync(json, JSON.stringify(LAUREATES));
    const out = path.join(dir, "nobel.sqlite");
    buildNobel({ "laureate.json": json }, out);
    const db = new Database(out, { readonly: true });
    try {
      const all = (sql: string) => db.prepare(sql).raw(true).all() as unknown[][];
      expect(all("SELECT id, surname, died FROM laureates ORDER BY id")).toEqual([
        [5, "Curie", "1906-04-19"],
        [6, "Curie", "1934-07-04"],
        [482, null, "0000-00-00"],
        [937, "Yousafzai", "0000-00-00"],
      ]);
      // One physics prize of 1903, shared by two laureates (a quarter each), with its overall motivation.
      expect(all("SELECT year, category, overallMotivation FROM prizes ORDER BY year, category")).toEqual([
        [1903, "physics", '"joint"'],
        [1911, "chemistry", null],
        [1917, "peace", null],
        [2014, "peace", null],
      ]);
      expect(all("SELECT laureate_id, share FROM laureate_prizes WHERE year = 1903 ORDER BY laureate_id")).toEqual([
        [5, 4],
        [6, 4],
      ]);
      expect(all("SELECT laureate_id, year, listed_order, name FROM affiliations")).toEqual([
        [6, 1911, 1, "Sorbonne University"],
      ]);
      const fks = all("PRAGMA foreign_key_list(laureate_prizes)").map((r) => r[2]);
      expect(new Set(fks)).toEqual(new Set(["laureates", "prizes"]));
    } finally {
      db.close();
    }
  });
});
