import { describe, expect, it } from "vitest";
import { columnKey } from "../model/column-ref";
import { createHashedEncoder } from "../text/hashed-encoder";
import { ACADEMIC_YEARS, CA_CITIES, CA_COUNTIES, CA_DISTRICTS } from "../text/testing/california";
import { buildCellIndex, cellEntries, type CellColumnInput } from "./cell-index";
import { searchCells } from "./cell-search";
import { bruteForceIndexFactory } from "./vector-index";

const encoder = createHashedEncoder();

function column(table: string, col: string, values: string[]): CellColumnInput {
  // Deterministic, uneven row counts: earlier values are more frequent.
  return {
    table,
    column: col,
    values: values.map((value, i) => ({ value, rowCount: values.length - i, rowIds: [i * 10, i * 10 + 1] })),
  };
}

const schoolNames = [
  ...Array.from({ length: 40 }, (_, i) => `Lincoln Elementary ${i + 1}`),
  "Washington High",
  "Roosevelt Middle",
  "Cesar Chavez Academy",
  "Sequoia Prep",
];

async function fixtureIndex() {
  return buildCellIndex(
    [
      column("schools", "county", CA_COUNTIES),
      column("schools", "city", [...CA_CITIES, "Los Alamitos", "Los Altos", "Los Angeles", "LOS ANGELES"]),
      column("schools", "district", CA_DISTRICTS),
      column("schools", "school", schoolNames),
      column("frpm", "academic_year", ACADEMIC_YEARS),
    ],
    { encoder, createIndex: bruteForceIndexFactory, firstKey: 100 },
  );
}

describe("cellEntries", () => {
  it("merges repeated values, drops empty ones and numbers keys", () => {
    const entries = cellEntries(
      {
        table: "t",
        column: "c",
        values: [
          { value: "A", rowCount: 2, rowIds: [1, 2] },
          { value: " ", rowCount: 5 },
          { value: "A", rowCount: 1, rowIds: [9] },
          { value: "B", rowCount: 1 },
        ],
      },
      7,
    );
    expect(entries).toEqual([
      { key: 7, table: "t", column: "c", value: "A", normalized: "a", rowCount: 3, rowIds: [1, 2, 9] },
      { key: 8, table: "t", column: "c", value: "B", normalized: "b", rowCount: 1 },
    ]);
  });
});

describe("buildCellIndex", () => {
  it("indexes each column on its own with dataset-wide keys", async () => {
    const { index, nextKey } = await fixtureIndex();
    const total =
      CA_COUNTIES.length + CA_CITIES.length + 4 + CA_DISTRICTS.length + schoolNames.length + ACADEMIC_YEARS.length;
    expect(nextKey).toBe(100 + total);
    expect(index.columns.size).toBe(5);
    expect(index.columns.get(columnKey("schools", "county"))!.index.size()).toBe(CA_COUNTIES.length);
    expect(await index.catalog.get(100)).toMatchObject({ value: "Alameda", column: "county" });
  });

  it("refuses to index a column twice", async () => {
    await expect(
      buildCellIndex([column("t", "c", ["a"]), column("t", "c", ["b"])], {
        encoder,
        createIndex: bruteForceIndexFactory,
      }),
    ).rejects.toThrow(/already/);
  });
});

describe("searchCells", () => {
  it("maps an acronym to the county it stands for", async () => {
    const { index } = await fixtureIndex();
    const hits = await searchCells(index, "LA", { columns: [{ table: "schools", column: "county" }] });
    expect(hits[0]).toMatchObject({ table: "schools", column: "county", value: "Los Angeles", match: "vector" });
    expect(hits.length).toBe(3); // nothing clears the threshold, so exactly top-n
  });

  it("returns every city an acronym could mean, as the adaptive mapping intends", async () => {
    const { index } = await fixtureIndex();
    const hits = await searchCells(index, "LA", { columns: [{ table: "schools", column: "city" }], topN: 4 });
    const values = hits.map((h) => h.value);
    for (const v of ["Los Angeles", "Los Alamitos", "Los Altos"]) expect(values).toContain(v);
  });

  it("recovers typos and year spellings", async () => {
    const { index } = await fixtureIndex();
    const [district] = await searchCells(index, "fresno unifed", {
      columns: [{ table: "schools", column: "district" }],
    });
    expect(district).toMatchObject({ value: "Fresno Unified", match: "vector" });
    expect(district.rowIds).toEqual([0, 1]);
    const [year] = await searchCells(index, "2014/15");
    expect(year).toMatchObject({ table: "frpm", column: "academic_year", value: "2014-2015", match: "normalized" });
  });

  it("ranks the exact value first, then normalised and prefix matches", async () => {
    const { index } = await fixtureIndex();
    const hits = await searchCells(index, "Los Angeles", {
      columns: [
        { table: "schools", column: "city" },
        { table: "schools", column: "district" },
      ],
    });
    expect(hits.slice(0, 3).map((h) => [h.value, h.match])).toEqual([
      ["Los Angeles", "exact"],
      ["LOS ANGELES", "normalized"],
      ["Los Angeles Unified", "prefix"],
    ]);
    expect(hits[0].score).toBe(1);
  });

  it("widens the search until the score drops below the threshold", async () => {
    const { index } = await fixtureIndex();
    const scope = { columns: [{ table: "schools", column: "school" }] };
    const wide = await searchCells(index, "Lincoln Elementary", { ...scope, threshold: 0.5, lexical: false });
    expect(wide.length).toBe(40);
    expect(wide.every((h) => h.value.startsWith("Lincoln Elementary"))).toBe(true);
    const narrow = await searchCells(index, "Lincoln Elementary", { ...scope, threshold: 0.99, lexical: false });
    expect(narrow.length).toBe(3);
    const capped = await searchCells(index, "Lincoln Elementary", { ...scope, threshold: 0.5, maxHits: 10 });
    expect(capped.length).toBe(10);
  });

  it("searches every column when no scope is given and skips unknown ones", async () => {
    const { index } = await fixtureIndex();
    const hits = await searchCells(index, "Sacramento");
    expect(hits[0]).toMatchObject({ column: "county", match: "exact" });
    expect(hits.some((h) => h.column === "district" && h.value === "Sacramento City Unified")).toBe(true);
    expect(await searchCells(index, "Sacramento", { columns: [{ table: "nope", column: "x" }] })).toEqual([]);
  });
});
