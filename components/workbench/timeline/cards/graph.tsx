import type { TraceEventOf } from "@/lib/core/trace";
import { Chip } from "../Chip";

const MAX_NODES = 10;

function NodeChips({ ids, labels, testId }: { ids: string[]; labels?: Record<string, string>; testId: string }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {ids.slice(0, MAX_NODES).map((id) => (
        <span
          key={id}
          data-testid={testId}
          data-node={id}
          className="rounded border border-indigo-200 bg-indigo-50 px-1 text-[11px] text-indigo-900"
          title={id}
        >
          {labels?.[id] ?? id} <span className="text-indigo-400">{id}</span>
        </span>
      ))}
      {ids.length > MAX_NODES ? <span className="text-[11px] text-zinc-400">+{ids.length - MAX_NODES}</span> : null}
    </span>
  );
}

const CHOICE: Record<string, string> = {
  only: "the dataset's only table",
  param: "the table you chose",
  "schema-retrieval": "ranked first by schema retrieval",
};

export function CellGraphCard({ e }: { e: TraceEventOf<"cell-graph"> }) {
  const t = e.headerTree;
  return (
    <div className="space-y-1 text-xs text-zinc-600">
      <p data-testid="cell-graph-summary">
        <strong className="text-zinc-800">{e.table}</strong>
        {e.choice ? ` (${CHOICE[e.choice]})` : ""}: {e.rows} rows × {e.columns} columns →{" "}
        {e.nodes.toLocaleString("en-US")} nodes, {e.merged} merged; {e.headerRows} header{" "}
        {e.headerRows === 1 ? "row" : "rows"}. Edges: SAME ROW / SAME COLUMN.
      </p>
      {t ? (
        <p data-testid="header-tree-summary">
          Header tree: {t.headers} headers, {t.depth} {t.depth === 1 ? "level" : "levels"} deep; {t.leftColumns}{" "}
          row-label {t.leftColumns === 1 ? "column" : "columns"}, {t.sections} section{" "}
          {t.sections === 1 ? "row" : "rows"}, {t.totals} {t.totals === 1 ? "total" : "totals"}.
        </p>
      ) : null}
      {e.prefilter ? (
        <p data-testid="prefilter-summary">
          <Chip>pre-filtered</Chip> {e.prefilter.rows.toLocaleString("en-US")} of{" "}
          {e.prefilter.tableRows.toLocaleString("en-US")} rows, selected by SQL.
        </p>
      ) : null}
    </div>
  );
}

export function TraceInitCard({ e }: { e: TraceEventOf<"trace-init"> }) {
  return (
    <div className="space-y-1 text-xs text-zinc-600">
      <p>
        {e.nodes.length} of at most {e.k} cells: the reasoner&apos;s {e.chosen.length} choices ∩ the encoder&apos;s{" "}
        {e.nearest.length} nearest
        {e.fallback ? <Chip>filled from both lists: the intersection was small</Chip> : null}
      </p>
      <NodeChips ids={e.nodes} labels={e.labels} testId="init-node" />
    </div>
  );
}

export function GraphActionCard({ e }: { e: TraceEventOf<"graph-action"> }) {
  const args =
    e.action === "VisitNode"
      ? e.args.map((a) => JSON.stringify(a)).join(", ")
      : e.args.map((a) => (e.labels?.[a] ? `${a} “${e.labels[a]}”` : a)).join(", ");
  return (
    <div className="space-y-1 text-xs" data-testid="graph-action" data-action={e.action} data-step={e.step}>
      <p className="text-zinc-600">
        <span className="font-semibold text-zinc-500">Thought {e.step}.</span> {e.thought}
      </p>
      <p className="font-mono text-[11px] text-zinc-900">
        <span className="rounded bg-indigo-600 px-1 text-white">{e.step}</span> {e.action}({args})
        {e.repeated ? (
          <span className="ml-1 rounded bg-amber-100 px-1 font-sans text-amber-800">repeated — not run again</span>
        ) : null}
      </p>
      {e.observation ? <p className="text-zinc-500">{e.observation}</p> : null}
      {e.resultNodes.length ? <NodeChips ids={e.resultNodes} labels={e.labels} testId="result-node" /> : null}
    </div>
  );
}

export function TraceUpdateCard({ e }: { e: TraceEventOf<"trace-update"> }) {
  return (
    <p className="text-xs text-zinc-600" data-testid="trace-size" data-nodes={e.nodes.length}>
      Reasoning trace: {e.nodes.length} {e.nodes.length === 1 ? "node" : "nodes"}, {e.edges.length}{" "}
      {e.edges.length === 1 ? "edge" : "edges"}
    </p>
  );
}
