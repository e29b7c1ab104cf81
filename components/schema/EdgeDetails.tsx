import type { ReactNode } from "react";
import type { SchemaEdge, SchemaNode } from "@/lib/core/model/index-types";
import { joinPercent, joinRule } from "@/components/index/joinRules";
import { EDGE_KINDS } from "./edgeKinds";
import type { GraphModel } from "./elements";

/** An edge in the hover box: kind, endpoints, and for joins ω with its parts (FGTR eq. 3). */

const f2 = (n: number | undefined) => (typeof n === "number" && Number.isFinite(n) ? n.toFixed(2) : "—");
const where = (n: SchemaNode | undefined, fallback: string) => (n ? `${n.table}.${n.name}` : fallback);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500">{label}</dt>
      <dd className="tabular-nums text-zinc-900">{children}</dd>
    </>
  );
}

/** Kinds whose origin and label say something beyond the kind (curated or inferred). */
const SHOW_ORIGIN = new Set(["join", "context", "derivation", "key"]);

export function EdgeDetails({ edge, model }: { edge: SchemaEdge; model: GraphModel }) {
  const kind = EDGE_KINDS[edge.kind];
  const j = edge.join;
  return (
    <>
      <p
        className="flex items-center gap-1.5 font-semibold"
        style={{ color: kind.color === "#d4d4d8" ? "#71717a" : kind.color }}
      >
        {kind.label}
        {SHOW_ORIGIN.has(edge.kind) ? <span className="font-normal text-zinc-400">· {edge.origin}</span> : null}
      </p>
      <p className="mt-0.5 text-zinc-800">
        {where(model.nodes.get(edge.source), edge.source)} <span className="text-zinc-400">→</span>{" "}
        {where(model.nodes.get(edge.target), edge.target)}
      </p>
      {edge.label && SHOW_ORIGIN.has(edge.kind) ? <p className="text-zinc-500">“{edge.label}”</p> : null}
      <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {typeof j?.probability === "number" ? (
          <Row label="P(join)">{`${joinPercent(j.probability)} (learned scorer)`}</Row>
        ) : null}
        {edge.kind === "discovered" || j ? (
          <Row label="ω">{f2(j?.omega ?? edge.weight)}</Row>
        ) : (
          <Row label="weight">{f2(edge.weight)}</Row>
        )}
        {j ? (
          <>
            <Row label="s (names)">{f2(j.semantic)}</Row>
            <Row label="j (values)">{`${j.jaccardEstimated ? "≈" : ""}${f2(j.jaccard)}`}</Row>
            <Row label="u">{`${f2(j.uniquenessFrom)} → ${f2(j.uniquenessTo)}`}</Row>
            <Row label="contained">{`${Math.round(j.containment * 100)}%`}</Row>
            <Row label="rule">{joinRule(j.rule).label}</Row>
          </>
        ) : null}
      </dl>
    </>
  );
}
