import type { TraceEventOf } from "@/lib/core/trace";
import { Chip, ColumnName } from "../Chip";

/** SGAM's decomposition, shown under the parse: the main question and its conditions. */
export function DecompositionRows({ e }: { e: TraceEventOf<"question-parse"> }) {
  if (e.mainQuestion === undefined) return null;
  return (
    <div className="mt-1 space-y-0.5 text-xs" data-testid="decomposition">
      <p>
        <span className="text-zinc-500">Main question:</span> <span className="text-zinc-800">{e.mainQuestion}</span>
      </p>
      {(e.conditions ?? []).map((c, i) => (
        <p key={`${i}-${c}`} data-testid="decomposition-condition">
          <span className="text-zinc-500">Condition {i + 1}:</span> <span className="text-zinc-800">{c}</span>
        </p>
      ))}
    </div>
  );
}

export function AttributesCard({ e }: { e: TraceEventOf<"attribute-retrieval"> }) {
  return (
    <div className="space-y-1 text-xs text-zinc-600">
      <p>
        <Chip tone={e.role === "main" ? "indigo" : "amber"}>{e.role}</Chip> “{e.segment}” →{" "}
        {e.attributes.length ? "" : <span className="text-zinc-500">no attribute reaches s′ ≥ τ = {e.tau}</span>}
      </p>
      <ul className="flex flex-wrap gap-1">
        {e.attributes.map((a) => (
          <li key={`${a.table}.${a.column}`} data-testid="retrieved-attribute">
            <Chip
              tone="orange"
              title={`s = ${a.similarity}, s′ = ${a.score}${
                a.keywords?.length ? `; keywords: ${a.keywords.join(", ")}` : ""
              }`}
            >
              <ColumnName table={a.table} column={a.column} />{" "}
              <span className="tabular-nums text-zinc-500">s′ {a.score.toFixed(2)}</span>
            </Chip>
          </li>
        ))}
      </ul>
    </div>
  );
}

const STATUS_TEXT = { found: "Path found", pruned: "Pruned to one table", merged: "Merged sub-path" } as const;

export function SchemaPathCard({ e }: { e: TraceEventOf<"schema-path"> }) {
  const curated = e.edges.filter((x) => x.origin === "curated");
  return (
    <div
      className="space-y-0.5 text-xs text-zinc-600"
      data-testid="schema-path"
      data-status={e.status}
      data-curated={curated.length > 0 || e.cause?.origin === "curated" ? "true" : "false"}
    >
      <p>
        <span className="font-medium text-zinc-800">
          {STATUS_TEXT[e.status]} {e.path}
        </span>
        {e.members ? <span className="text-zinc-500"> of {e.members.join(", ")}</span> : null}
      </p>
      <p className="font-mono text-[11px] leading-5 break-words text-zinc-800">
        {e.nodes.map((n, i) => (
          <span key={`${i}-${n}`}>
            {i > 0 ? <span className="text-zinc-400"> → </span> : null}
            {n}
          </span>
        ))}
      </p>
      {e.cause ? (
        <p className="text-zinc-500">
          cut at the last inter-table edge{" "}
          <code className="font-mono text-[11px]">
            {e.cause.source} → {e.cause.target}
          </code>{" "}
          ({e.cause.kind}, {e.cause.origin})
        </p>
      ) : null}
      {curated.length ? (
        <p className="text-emerald-700">
          through curated edge{curated.length > 1 ? "s" : ""}:{" "}
          {curated.map((c) => c.label || `${c.source} → ${c.target}`).join("; ")}
        </p>
      ) : null}
    </div>
  );
}
