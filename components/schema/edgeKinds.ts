import type { EdgeCategory } from "@/lib/core/index/join-review";
import type { EdgeKind } from "@/lib/core/model/index-types";

export interface KindStyle {
  label: string;
  /** What the legend says about it. */
  hint: string;
  color: string;
  line: "solid" | "dashed" | "dotted";
  arrow: boolean;
}

/** One look per edge kind, shared by the cytoscape stylesheet and the legend. */
export const EDGE_KINDS: Record<EdgeKind, KindStyle> = {
  foreign_key: { label: "Foreign key", hint: "declared by the source", color: "#27272a", line: "solid", arrow: true },
  discovered: {
    label: "Likely join",
    hint: "discovered; the learned join scorer passes it (width grows with ω)",
    color: "#0284c7",
    line: "dashed",
    arrow: true,
  },
  join: { label: "Join", hint: "kept by hand, or same-named keys", color: "#059669", line: "solid", arrow: false },
  context: { label: "Context", hint: "curated", color: "#d97706", line: "solid", arrow: false },
  derivation: { label: "Derivation", hint: "curated", color: "#7c3aed", line: "solid", arrow: true },
  key: { label: "Key", hint: "column → its table's key", color: "#d4d4d8", line: "solid", arrow: false },
};

export const KIND_ORDER: EdgeKind[] = ["foreign_key", "discovered", "join", "context", "derivation", "key"];

/** The legend's entries: the edge kinds, with joins split into kept by hand and same-named keys. */
export const CATEGORY_STYLES: Record<EdgeCategory, KindStyle> = {
  foreign_key: EDGE_KINDS.foreign_key,
  likely: EDGE_KINDS.discovered,
  kept: { ...EDGE_KINDS.join, label: "Kept join", hint: "a join you drew or accepted" },
  same_key: {
    ...EDGE_KINDS.join,
    label: "Same-named keys",
    hint: "two tables' keys share a name (SGAM eq. 5)",
    line: "dashed",
  },
  context: EDGE_KINDS.context,
  derivation: EDGE_KINDS.derivation,
  key: EDGE_KINDS.key,
};

export const CATEGORY_ORDER: EdgeCategory[] = [
  "foreign_key",
  "likely",
  "kept",
  "same_key",
  "context",
  "derivation",
  "key",
];

/** Discovered edges: 1.5 px at ω ≈ 0 up to 5 px at ω = 2 (its maximum). */
export function omegaWidth(omega: number): number {
  const w = Math.min(2, Math.max(0, Number.isFinite(omega) ? omega : 0));
  return 1.5 + w * 1.75;
}
