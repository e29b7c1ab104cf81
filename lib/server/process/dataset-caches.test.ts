import { describe, expect, it } from "vitest";
import { datasetCache, forgetDataset, onForgetDataset } from "./dataset-caches";
import { processSingleton } from "./singleton";

describe("dataset caches", () => {
  it("forgetDataset clears every registered cache and hook for that dataset only", () => {
    const a = datasetCache<string>("test-a", { max: 4 });
    const b = datasetCache<string>("test-b", { max: 4 });
    const other = new Set(["d1", "d2"]);
    onForgetDataset("test-set", (id) => other.delete(id));
    a.set("d1", "x");
    a.set("d2", "y");
    b.set("d1", "z");
    forgetDataset("d1");
    expect([a.has("d1"), b.has("d1"), other.has("d1")]).toEqual([false, false, false]);
    expect([a.get("d2"), other.has("d2")]).toEqual(["y", true]);
  });

  it("is bounded: the least recently used dataset leaves first, through dispose", () => {
    const gone: string[] = [];
    const c = datasetCache<string>("test-bounded", { max: 2, dispose: (_v, id) => gone.push(id) });
    c.set("d1", "1");
    c.set("d2", "2");
    c.get("d1");
    c.set("d3", "3");
    expect([...c.keys()].sort()).toEqual(["d1", "d3"]);
    expect(gone).toEqual(["d2"]);
  });

  it("is one per process: asking twice by name returns the same cache", () => {
    expect(datasetCache("test-a", { max: 4 })).toBe(datasetCache("test-a", { max: 9 }));
    expect(processSingleton("test-single", () => ({ n: 1 }))).toBe(processSingleton("test-single", () => ({ n: 2 })));
  });
});
