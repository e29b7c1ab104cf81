import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { buildDataset, type DatasetRecipe } from "./index.mts";

const dir = mkdtempSync(path.join(os.tmpdir(), "realworld-datasets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const records = path.join(dir, "films.json");
writeFileSync(
  records,
  JSON.stringify([
    { Title: "Up", Minutes: 96 },
    { Title: "Heat", Minutes: null },
  ]),
);
const recipe: DatasetRecipe = {
  name: "films",
  kind: "csv",
  sources: ["local"],
  files: { "films.csv": { source: "local", path: "films.json", from: "json-records" } },
};
const files = { local: { "films.json": records } };

describe("building a dataset", () => {
  const root = path.join(dir, "cache");

  it("writes the CSV set the app imports and the reference SQLite the gold SQL runs on", () => {
    mkdirSync(root, { recursive: true });
    const built = buildDataset(recipe, files, root);
    expect(built).toEqual({
      name: "films",
      kind: "csv",
      files: ["films/films.csv"],
      reference: "reference/films.sqlite",
    });
    expect(readFileSync(path.join(root, "data/films/films.csv"), "utf8")).toBe("Title,Minutes\nUp,96\nHeat,\n");
    const db = new Database(path.join(root, built.reference), { readonly: true });
    expect(db.prepare("SELECT Title, Minutes FROM films").raw(true).all()).toEqual([
      ["Up", 96],
      ["Heat", null],
    ]);
    db.close();
  });

  it("leaves a file that did not change untouched (its import is reused) and no staging folder behind", () => {
    const csv = path.join(root, "data/films/films.csv");
    const old = new Date("2020-01-01T00:00:00Z");
    utimesSync(csv, old, old);
    buildDataset(recipe, files, root);
    expect(statSync(csv).mtime.toISOString()).toBe(old.toISOString());
    writeFileSync(records, JSON.stringify([{ Title: "Up", Minutes: 96 }]));
    buildDataset(recipe, files, root);
    expect(readFileSync(csv, "utf8")).toBe("Title,Minutes\nUp,96\n");
    expect(readdirSync(root).filter((f) => f.startsWith(".staging"))).toEqual([]);
  });
});
