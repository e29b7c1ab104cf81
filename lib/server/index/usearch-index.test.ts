import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BruteForceVectorIndex, buildCellIndex, searchCells } from "@/lib/core/index";
import { createHashedEncoder } from "@/lib/core/text";
import { CA_CITIES, CA_COUNTIES } from "@/lib/core/text/testing/california";
import { UsearchVectorIndex, usearchIndexFactory } from "./usearch-index";

const encoder = createHashedEncoder();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-usearch-"));

async function vectors(texts: string[]): Promise<Float32Array[]> {
  return encoder.embed(texts);
}

describe("UsearchVectorIndex", () => {
  it("finds the nearest values by cosine, with distances as 1 − cosine", async () => {
    const index = new UsearchVectorIndex(encoder.dim);
    index.add(
      CA_COUNTIES.map((_, i) => i + 10),
      await vectors(CA_COUNTIES),
    );
    expect(index.size()).toBe(CA_COUNTIES.length);
    const [q] = await vectors(["Los Angeles"]);
    const m = index.search(q, 3);
    expect(CA_COUNTIES[Number(m.keys[0]) - 10]).toBe("Los Angeles");
    expect(m.distances[0]).toBeLessThan(0.05);
    expect(m.distances[1]).toBeGreaterThanOrEqual(m.distances[0]);
  });

  it("agrees with exact search on the top hit for typos and acronyms", async () => {
    const values = [...CA_CITIES, ...CA_COUNTIES];
    const exact = new BruteForceVectorIndex(encoder.dim);
    const hnsw = new UsearchVectorIndex(encoder.dim);
    const embedded = await vectors(values);
    exact.add(
      values.map((_, i) => i),
      embedded,
    );
    hnsw.add(
      values.map((_, i) => i),
      embedded,
    );
    for (const query of ["LA", "fresno", "sacramneto", "San Fransisco"]) {
      const [q] = await vectors([query]);
      expect(Number(hnsw.search(q, 1).keys[0]), query).toBe(Number(exact.search(q, 1).keys[0]));
    }
  });

  it("saves to a file and loads or memory-maps it back with the same answers", async () => {
    const index = new UsearchVectorIndex(encoder.dim);
    index.add(
      CA_CITIES.map((_, i) => i),
      await vectors(CA_CITIES),
    );
    const file = path.join(dir, "cities.usearch");
    index.save(file);
    const [q] = await vectors(["san diego"]);
    const before = index.search(q, 5);
    for (const view of [false, true]) {
      const loaded = UsearchVectorIndex.open(file, encoder.dim, { view });
      expect(loaded.size()).toBe(CA_CITIES.length);
      const after = loaded.search(q, 5);
      expect(Array.from(after.keys)).toEqual(Array.from(before.keys));
    }
    expect(() => UsearchVectorIndex.open(file, 128)).toThrow(/dimensions/);
  });

  it("answers a widening search for the same query like a fresh one", async () => {
    const values = Array.from({ length: 300 }, (_, i) => `Customer ${i}`);
    const embedded = await vectors(values);
    const a = new UsearchVectorIndex(encoder.dim);
    a.add(
      values.map((_, i) => i),
      embedded,
    );
    const [q] = await vectors(["custmer 42"]);
    const small = a.search(q, 3);
    expect(Array.from(small.keys)).toHaveLength(3);
    const wide = a.search(q, 150);
    expect(Array.from(wide.keys).slice(0, 3)).toEqual(Array.from(small.keys));
    expect(Array.from(wide.keys)).toHaveLength(150);
    const [other] = await vectors(["custmer 7"]);
    expect(Number(a.search(other, 1).keys[0])).toBe(7);
    // HNSW is approximate: asking for every vector may leave a few unreached.
    expect(a.search(q, 1000).keys.length).toBeGreaterThan(280);
  });

  it("handles empty indexes, k above the size and bad input", async () => {
    const index = new UsearchVectorIndex(encoder.dim);
    const [q] = await vectors(["x"]);
    expect(index.search(q, 5).keys).toEqual([]);
    index.add([1, 2], await vectors(["a", "b"]));
    expect(index.search(q, 10).keys.length).toBe(2);
    expect(() => index.add([3], [])).toThrow(/keys/);
    const [c] = await vectors(["c"]);
    expect(() => index.add([-1], [c])).toThrow(/non-negative/);
    expect(() => index.add([4], [new Float32Array(3)])).toThrow(/dimensions/);
  });

  it("serves the core cell search as its VectorIndex port", async () => {
    const { index } = await buildCellIndex(
      [{ table: "counties", column: "name", values: CA_COUNTIES.map((value) => ({ value, rowCount: 1 })) }],
      { encoder, createIndex: usearchIndexFactory() },
    );
    const hits = await searchCells(index, "LA");
    expect(hits[0]).toMatchObject({ table: "counties", value: "Los Angeles" });
  });
});
