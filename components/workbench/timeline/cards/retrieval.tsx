import type { TraceEventOf } from "@/lib/core/trace";
import { Chip, ColumnName } from "../Chip";
import { comparatorText, valueText } from "../format";
import { JoinPathDiagram, JoinPathText } from "../JoinPath";

export function ParseCard({ e }: { e: TraceEventOf<"question-parse"> }) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Chip tone="indigo" title="What the question asks for">
        intent: {e.intent}
      </Chip>
      {e.keywords.map((k) => (
        <Chip key={`k-${k}`}>{k}</Chip>
      ))}
      {e.entities.map((x) => (
        <Chip key={`e-${x.text}`} tone="green" title={x.kind}>
          {x.text}
        </Chip>
      ))}
      {e.numbers.map((n) => (
        <Chip key={`n-${n.text}`} tone="orange" title={n.text}>
          {comparatorText(n.comparator)} {n.value}
        </Chip>
      ))}
      {e.dates.map((d) => (
        <Chip key={`d-${d.text}`} tone="orange" title={d.text}>
          {d.comparator ? comparatorText(d.comparator) : "="} {d.value}
        </Chip>
      ))}
    </div>
  );
}

export function VoteCard({ e }: { e: TraceEventOf<"schema-vote"> }) {
  return (
    <p className="text-xs text-zinc-600">
      <span className="font-medium text-zinc-800">Round {e.round + 1}</span>
      {e.scorer ? <span className="text-zinc-500"> · {e.scorer}</span> : null} voted for{" "}
      {e.columns.length === 0
        ? "no column"
        : e.columns.map((c, i) => (
            <span key={`${c.table}.${c.column}`}>
              {i > 0 ? ", " : ""}
              <ColumnName table={c.table} column={c.column} />
            </span>
          ))}
      {e.reasoning ? <span className="block text-zinc-500 italic">{e.reasoning}</span> : null}
    </p>
  );
}

export function SelectionCard({ e }: { e: TraceEventOf<"schema-selection"> }) {
  return (
    <div className="space-y-1 text-xs text-zinc-600">
      <p>
        Kept <strong className="text-zinc-800">{e.kept.length}</strong> of {e.columns.length} voted columns (votes ≥ θ·K
        = {e.theta} × {e.k} = {Number((e.theta * e.k).toFixed(2))}).
      </p>
      <div className="flex flex-wrap gap-1">
        {e.kept.map((c) => (
          <Chip key={`${c.table}.${c.column}`} tone="orange">
            <ColumnName table={c.table} column={c.column} />
          </Chip>
        ))}
        {e.dropped.map((c) => (
          <Chip key={`d-${c.table}.${c.column}`} title="below the θ cut">
            <s className="opacity-70">
              <ColumnName table={c.table} column={c.column} />
            </s>
          </Chip>
        ))}
      </div>
    </div>
  );
}

export function FillCard({ e }: { e: TraceEventOf<"schema-fill"> }) {
  if (e.added.length === 0) return <p className="text-xs text-zinc-500">No keys needed adding.</p>;
  return (
    <ul className="flex flex-wrap gap-1">
      {e.added.map((c) => (
        <li key={`${c.table}.${c.column}`}>
          <Chip
            tone="indigo"
            title={c.reason === "primary-key" ? "primary key of a recalled table" : "key on a join path"}
          >
            <ColumnName table={c.table} column={c.column} />{" "}
            <span className="text-indigo-500">{c.reason === "primary-key" ? "PK" : "join key"}</span>
          </Chip>
        </li>
      ))}
    </ul>
  );
}

export function JoinCard({ e }: { e: TraceEventOf<"join-path"> }) {
  return (
    <div className="space-y-1">
      <p className="text-xs text-zinc-700">
        <strong>{e.fromTable}</strong> → <strong>{e.toTable}</strong>
      </p>
      {e.edges.length > 0 ? <JoinPathDiagram event={e} /> : null}
      <JoinPathText event={e} />
    </div>
  );
}

export function RangeCard({ e }: { e: TraceEventOf<"column-range"> }) {
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-xs">
      <ColumnName table={e.table} column={e.column} />
      {e.predicate ? (
        <span className="font-mono text-[11px] text-zinc-800">
          {comparatorText(e.predicate.op)}{" "}
          {e.predicate.values.map(valueText).join(e.predicate.op === "between" ? " and " : ", ")}
        </span>
      ) : null}
      <Chip tone={e.role === "constrained" ? "green" : "zinc"} testId="range-role">
        {e.role}
      </Chip>
    </p>
  );
}
