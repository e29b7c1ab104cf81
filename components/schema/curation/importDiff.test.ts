import { describe, expect, it } from "vitest";
import type { StoredEdge } from "./api";
import { diffImport } from "./importDiff";

const kept = (source: string, target: string, kind: StoredEdge["kind"], label = ""): StoredEdge => ({
  id: `${source}>${target}`,
  kind,
  label,
  source,
  target,
  weight: 1,
  status: "curated",
  origin: "curated",
  createdAt: "",
  updatedAt: "",
});

describe("diffImport", () => {
  it("lists the edges a file adds, removes and relabels; a reversed join is the same join", () => {
    const current = [
      kept("a.x", "b.y", "join"),
      kept("a.x", "a.z", "context", "old"),
      kept("c.p", "d.q", "derivation"),
    ];
    const file = [
      { source: "b.y", target: "a.x", kind: "join" },
      { source: "a.x", target: "a.z", kind: "context", label: "new" },
      { source: "e.r", target: "f.s", kind: "join", label: "fresh" },
      "not an edge",
    ];
    const d = diffImport(current, file);
    expect(d.added.map((e) => e.source)).toEqual(["e.r"]);
    expect(d.removed.map((e) => e.source)).toEqual(["c.p"]);
    expect(d.changed.map((c) => [c.before.label, c.after.label])).toEqual([["old", "new"]]);
    expect(d.unchanged).toBe(1);
    expect(d.unreadable).toBe(1);
  });
});
