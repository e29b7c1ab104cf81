import { formatNumber } from "@/components/ui/format";
import type { TraceEvent, TraceEventOf } from "@/lib/core/trace";
import { Chip } from "../Chip";
import { ShownSql } from "@/components/names/NamesContext";
import { formatMs } from "../format";

export function RunStartCard({ e }: { e: TraceEventOf<"run-start"> }) {
  const params = Object.entries(e.params);
  return (
    <div className="space-y-1 text-xs text-zinc-600">
      <p className="text-sm text-zinc-900">“{e.question}”</p>
      <div className="flex flex-wrap gap-1">
        <Chip tone="indigo">{e.method.toUpperCase()}</Chip>
        <Chip>{e.reasoner} reasoner</Chip>
        {params.map(([k, v]) => (
          // A structured parameter (a picked reading's program) is named, its content on hover.
          <Chip key={k} title={typeof v === "object" && v !== null ? JSON.stringify(v).slice(0, 500) : undefined}>
            {k} = {typeof v === "object" && v !== null ? "given" : String(v)}
          </Chip>
        ))}
      </div>
    </div>
  );
}

export function RunEndCard({ e }: { e: TraceEventOf<"run-end"> }) {
  return (
    <p className={`text-xs ${e.ok ? "text-emerald-700" : "text-red-700"}`}>
      {e.ok ? "Finished" : "Failed"} after {formatMs(e.ms)}.
    </p>
  );
}

export function AnswerCard({ e }: { e: TraceEventOf<"answer"> }) {
  return <p className="text-sm font-medium text-zinc-900">{e.text}</p>;
}

export function SqlCard({ e }: { e: TraceEventOf<"sql"> }) {
  return (
    <div className="space-y-1 text-xs">
      {e.purpose ? <p className="text-zinc-500">{e.purpose}</p> : null}
      <pre
        className={
          "max-h-40 overflow-auto rounded bg-zinc-900 px-2 py-1.5 font-mono text-[11px] " +
          "leading-relaxed whitespace-pre-wrap text-zinc-100"
        }
      >
        <ShownSql sql={e.sql} />
      </pre>
      <p className={e.ok ? "text-zinc-600" : "text-red-700"} data-testid="sql-row-count" data-rows={e.rowCount}>
        {e.ok
          ? `${formatNumber(e.rowCount)} ${e.rowCount === 1 ? "row" : "rows"} in ${formatMs(e.ms)}`
          : `Failed: ${e.error ?? "error"}`}
      </p>
    </div>
  );
}

export function LlmCallCard({ e }: { e: TraceEventOf<"llm-call"> }) {
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-600">
      <Chip tone={e.ok ? "indigo" : "red"}>
        {e.provider}:{e.model}
      </Chip>
      <span>
        {e.step}
        {e.sample !== undefined ? ` · sample ${e.sample + 1}` : ""}
        {e.attempt > 1 ? " · repair" : ""}
      </span>
      <span className="tabular-nums" data-testid="llm-tokens">
        {e.inputTokens ?? "?"} → {e.outputTokens ?? "?"} tokens
      </span>
      <span className="text-zinc-400">{formatMs(e.ms)}</span>
      {e.error ? <span className="basis-full text-red-700">{e.error}</span> : null}
    </p>
  );
}

export function StepCard({ e }: { e: TraceEventOf<"step-end"> }) {
  return (
    <p className="text-xs text-zinc-500">
      <span className="font-medium text-zinc-700">{e.step}</span> by the {e.reasoner} reasoner in {formatMs(e.ms)}
      {e.attempts > 0 ? ` · ${e.attempts} llm ${e.attempts === 1 ? "attempt" : "attempts"}` : ""}
      {e.fallback ? <span className="text-amber-700"> · fell back to local</span> : null}
    </p>
  );
}

export function NoticeCard({ e }: { e: TraceEventOf<"warning"> | TraceEventOf<"error"> }) {
  const error = e.type === "error";
  return (
    <p className={`rounded px-2 py-1 text-xs ${error ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900"}`}>
      <strong>
        {error ? "Error" : "Warning"}
        {e.code ? ` (${e.code})` : ""}:
      </strong>{" "}
      {e.message}
    </p>
  );
}

/** Kinds of other methods (graph actions, HELIOS retrieval): their fields, compactly. */
export function GenericCard({ e }: { e: TraceEvent }) {
  const { type: _type, seq: _seq, at: _at, stage: _stage, reasoner: _reasoner, ...rest } = e;
  return (
    <pre className="max-h-32 overflow-auto font-mono text-[11px] whitespace-pre-wrap text-zinc-600">
      {JSON.stringify(rest, null, 1).slice(0, 1500)}
    </pre>
  );
}
