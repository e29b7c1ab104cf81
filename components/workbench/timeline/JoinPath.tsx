import { parseColumnKey } from "@/lib/core/model/column-ref";
import type { TraceEventOf } from "@/lib/core/trace";

type JoinEdge = TraceEventOf<"join-path">["edges"][number];

const ORIGIN_STYLE: Record<string, { line: string; text: string; label: string }> = {
  declared: { line: "border-indigo-600 border-solid", text: "text-indigo-700", label: "declared key" },
  curated: { line: "border-emerald-600 border-solid", text: "text-emerald-700", label: "curated" },
  discovered: { line: "border-orange-500 border-dashed", text: "text-orange-700", label: "discovered" },
  inferred: { line: "border-zinc-400 border-dotted", text: "text-zinc-600", label: "inferred" },
};

/** The tables along a join path, in order, from the event (or from its edges). */
function pathTables(e: TraceEventOf<"join-path">): string[] {
  if (e.tables && e.tables.length > 0) return e.tables;
  const order: string[] = [e.fromTable];
  for (const edge of e.edges) {
    for (const id of [edge.source, edge.target]) {
      const t = parseColumnKey(id).table;
      if (!order.includes(t)) order.push(t);
    }
  }
  if (!order.includes(e.toTable)) order.push(e.toTable);
  return order;
}

/**
 * A join path drawn the way the schema graph highlights it: the tables as boxes in path order and
 * each join edge between them, styled by where it came from (declared, discovered, curated).
 */
export function JoinPathDiagram({ event }: { event: TraceEventOf<"join-path"> }) {
  const tables = pathTables(event);
  const edgeBetween = (i: number): JoinEdge | undefined =>
    event.edges.find((edge) => {
      const a = parseColumnKey(edge.source).table;
      const b = parseColumnKey(edge.target).table;
      return (a === tables[i] && b === tables[i + 1]) || (b === tables[i] && a === tables[i + 1]);
    });
  return (
    <ol data-testid="join-path-diagram" aria-label={`Join path ${tables.join(" → ")}`} className="py-0.5">
      {tables.map((t, i) => {
        const edge = i < tables.length - 1 ? edgeBetween(i) : undefined;
        const style = ORIGIN_STYLE[edge?.origin ?? "inferred"];
        return (
          <li key={t}>
            <span
              className={
                "inline-block rounded-md border border-indigo-300 bg-indigo-50 px-2 py-0.5 text-xs " +
                "font-medium text-indigo-900"
              }
            >
              {t}
            </span>
            {i < tables.length - 1 ? (
              <div data-testid="join-edge" data-origin={edge?.origin} className="ml-4 flex items-center gap-2 py-0.5">
                <span aria-hidden className={`h-6 border-l-2 ${style.line}`} />
                <span className="font-mono text-[11px] text-zinc-700">
                  {edge
                    ? `${parseColumnKey(edge.source).column} = ${parseColumnKey(edge.target).column}`
                    : "no edge recorded"}
                </span>
                <span className={`text-[11px] ${style.text}`}>{style.label}</span>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The path as text: "schools.district_id = districts.district_id (declared)". */
export function JoinPathText({ event }: { event: TraceEventOf<"join-path"> }) {
  if (event.edges.length === 0)
    return (
      <p className="text-xs text-zinc-500">
        {event.fromTable} and {event.toTable} are the same table: no join needed.
      </p>
    );
  return (
    <ul className="space-y-0.5 font-mono text-[11px] text-zinc-700" data-testid="join-path-text">
      {event.edges.map((e, i) => (
        <li key={e.id ?? i}>
          {e.source} = {e.target}{" "}
          <span className="font-sans text-zinc-500">
            ({ORIGIN_STYLE[e.origin]?.label ?? e.origin}
            {e.weight !== undefined ? `, weight ${e.weight.toFixed(2)}` : ""})
          </span>
        </li>
      ))}
    </ul>
  );
}
