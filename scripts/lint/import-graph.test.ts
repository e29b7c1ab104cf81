import { describe, expect, it } from "vitest";
import { buildImportGraph, edgesOf, type ImportEdge, isTestSupport } from "./import-graph";
import { importCircles, mutualServerFolders, upwardImports } from "./import-graph-measures";

// The import graph of the app's production sources (docs/ARCHITECTURE.md, "The import graph"): no circle
// of imports that load each other, lib/server's folders layered rather than knotted, nothing in the
// libraries reaching up into app/. Measured on main before the pool became infrastructure (2026-12-07):
// 3 circles through values (db/schema*, GraphOTTER's aggregate files, the SQL guard and its PRAGMAs),
// 14 pairs of lib/server folders importing each other (values or import()), 0 upward imports outside
// test support (8 from lib/server/learning/learning-test-kit.ts into app/api routes). Counting imports
// of types too, 21 circles remain (they load nothing, so they are not held to zero here).
const { files, edges } = buildImportGraph();
const production = edges.filter((e) => !isTestSupport(e.from));

describe("the import graph", () => {
  it("is built from the sources", () => {
    expect(files.length).toBeGreaterThan(500);
    expect(production.filter((e) => e.kind === "value").length).toBeGreaterThan(1500);
    expect(files).toContain("lib/server/runs/method.task.ts");
  });

  it("has no circle of files loading each other (imports of values)", () => {
    expect(importCircles(production)).toEqual([]);
  });

  it("has at most 3 pairs of lib/server folders importing each other (values or import())", () => {
    const pairs = mutualServerFolders(production, ["value", "lazy"]);
    expect(pairs.length, pairs.join("; ")).toBeLessThanOrEqual(3);
  });

  it("keeps the ask route's helpers and the runs apart (they imported each other)", () => {
    const between = production.filter(
      (e) =>
        e.kind !== "type" &&
        ((e.from.startsWith("lib/server/ask/") && e.to.startsWith("lib/server/runs/")) ||
          (e.from.startsWith("lib/server/runs/") && e.to.startsWith("lib/server/ask/"))),
    );
    expect(between.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it("has no import from lib/core or lib/server up into app/", () => {
    expect(upwardImports(production)).toEqual([]);
  });

  it("has no production file loading test support", () => {
    const loaded = production.filter((e) => e.kind !== "type" && isTestSupport(e.to));
    expect(loaded.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });
});

describe("the graph's edges and measures", () => {
  const resolve = (specifier: string) => (specifier.startsWith("./") ? `${specifier.slice(2)}.ts` : null);
  const kinds = (text: string) => edgesOf("a.ts", text, resolve).map((e) => `${e.to}:${e.kind}`);

  it("tells imports of values from imports erased by the compiler", () => {
    expect(kinds('import { x } from "./b";\nexport const y = x + 1;')).toEqual(["b.ts:value"]);
    expect(kinds('import type { T } from "./b";\nexport const y: T = 1;')).toEqual(["b.ts:type"]);
    expect(kinds('import { type T, u } from "./b";\nexport const y: T = 1;')).toEqual(["b.ts:type"]);
    expect(kinds('import { T } from "./b";\nexport let y: T | null = null;')).toEqual(["b.ts:type"]);
    expect(kinds('import { T } from "./b";\nexport class Y implements T {}')).toEqual(["b.ts:type"]);
    expect(kinds('import { T } from "./b";\nexport class Y extends T {}')).toEqual(["b.ts:value"]);
    expect(kinds('import * as b from "./b";\nexport const y = { b };')).toEqual(["b.ts:value"]);
    expect(kinds('import "./b";')).toEqual(["b.ts:value"]);
    expect(kinds('export { x } from "./b";\nexport type { T } from "./c";')).toEqual(["b.ts:value", "c.ts:type"]);
    expect(kinds('export const load = () => import("./b");\nimport("pkg");')).toEqual(["b.ts:lazy"]);
  });

  it("finds circles, mutual folders and upward imports", () => {
    const e = (from: string, to: string, kind: ImportEdge["kind"] = "value"): ImportEdge => ({ from, to, kind });
    const graph = [
      e("lib/server/a/x.ts", "lib/server/b/y.ts"),
      e("lib/server/b/y.ts", "lib/server/a/z.ts"),
      e("lib/server/a/z.ts", "lib/server/a/x.ts"),
      e("lib/server/c/w.ts", "lib/server/a/x.ts", "type"),
      e("lib/server/a/x.ts", "lib/server/c/w.ts"),
      e("lib/core/q.ts", "app/api/route.ts", "lazy"),
    ];
    expect(importCircles(graph)).toEqual([["lib/server/a/x.ts", "lib/server/a/z.ts", "lib/server/b/y.ts"]]);
    expect(mutualServerFolders(graph)).toEqual(["a ↔ b"]);
    expect(mutualServerFolders(graph, ["value", "type"])).toEqual(["a ↔ b", "a ↔ c"]);
    expect(upwardImports(graph)).toEqual(["lib/core/q.ts → app/api/route.ts"]);
  });
});
