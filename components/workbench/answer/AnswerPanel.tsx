import Link from "next/link";
import { sqlBoxHref } from "@/components/sqlbox/sqlApi";
import { useShownSql } from "@/components/names/NamesContext";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { ReaderNumber } from "@/components/ui/ReaderNumber";
import { Spinner } from "@/components/ui/Spinner";
import type { RunView } from "../model/runView";
import { formatMs, valueText } from "../timeline/format";
import { displaySql } from "../model/displaySql";
import { AnswerFallback } from "./AnswerFallback";
import { AnswerResult } from "./AnswerResult";
import { AnswerText, storedCellText } from "./AnswerText";
import { AnswerVerdict, truncationText } from "./AnswerVerdict";
import { AnswerFeedback } from "./AnswerFeedback";
import { AnswerAlternatives, AnswerReading, type ReadingActions } from "./AnswerReading";
import { CopySql } from "./CopySql";
import { TokenEstimate } from "./TokenEstimate";

const MAX_EVIDENCE = 12;
const SQL_BOX = [
  "max-h-48 overflow-auto rounded bg-zinc-900 px-2 py-1.5",
  "font-mono text-[11px] leading-relaxed whitespace-pre-wrap text-zinc-100",
].join(" ");

/**
 * The answer with how it was read (and the other readings to pick), its SQL, the evidence cells
 * it rests on, the token estimate and, once the run is over, 👍 / 👎.
 */
export function AnswerPanel({ view, live, actions }: { view: RunView; live: boolean; actions?: ReadingActions }) {
  const a = view.answer;
  if (!a) {
    const error = view.errors.at(-1);
    if (error)
      return (
        <ErrorPanel title="The run failed" testId="run-error">
          {error.message}
        </ErrorPanel>
      );
    if (live && !view.end) {
      return (
        <p
          className={
            "flex items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-3 py-4 text-xs " +
            "text-zinc-500"
          }
          data-testid="answer-pending"
        >
          <Spinner /> Working on the answer…
        </p>
      );
    }
    return null;
  }
  const runId = view.start?.runId;
  const datasetId = view.start?.datasetId;
  const evidence = [...new Map(a.evidence.map((c) => [`${c.table}.${c.column}.${c.rowId}`, c])).values()];
  return (
    <section
      data-testid="answer"
      className="space-y-2 rounded-lg border border-emerald-200 bg-white p-3 shadow-sm"
      aria-label="Answer"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-xs font-semibold tracking-wide text-emerald-700 uppercase">Answer</h2>
        <span className="text-[11px] text-zinc-500">
          {a.operation ? <span data-testid="answer-operation">{a.operation} · </span> : null}
          {view.end ? formatMs(view.end.ms) : ""}
        </span>
      </div>
      <AnswerFallback view={view} />
      {a.verdict === "no-answer" ? (
        // Not an answer: the verdict comes first and the query's output is kept small, for reference.
        <>
          <AnswerVerdict answer={a} />
          <p className="text-[11px] text-zinc-500">What the query returned (not an answer):</p>
          <p data-testid="answer-text" className="line-clamp-3 text-sm text-zinc-500">
            {a.text}
          </p>
          <AnswerReading answer={a} />
        </>
      ) : (
        <>
          <p data-testid="answer-text" className="text-base font-semibold text-zinc-900">
            <AnswerText text={a.text} values={a.values} written={storedCellText(a.result)} result={a.result} />
          </p>
          <AnswerReading answer={a} />
          <AnswerVerdict answer={a} />
        </>
      )}
      <AnswerAlternatives answer={a} actions={live ? undefined : actions} />
      {a.truncated ? (
        <p data-testid="answer-truncated" className="text-xs font-medium text-amber-800">
          {truncationText(a.truncated)}
        </p>
      ) : null}
      {a.explanation ? <p className="text-xs text-zinc-600">{a.explanation}</p> : null}
      {a.result && a.verdict !== "no-answer" ? (
        <AnswerResult result={a.result} sql={a.sql} csvName="answer-result" />
      ) : null}
      {a.values.length > 1 && !a.result ? (
        <p data-testid="answer-values" className="text-xs text-zinc-600">
          Values:{" "}
          {a.values.slice(0, 20).map((v, i) => (
            <span key={i}>
              {i > 0 ? ", " : ""}
              {typeof v === "number" ? <ReaderNumber value={v} /> : valueText(v)}
            </span>
          ))}
          {a.values.length > 20 ? "…" : ""}
        </p>
      ) : null}
      {a.cells?.length ? (
        <div className="space-y-1">
          <h3 className="text-[11px] font-semibold text-zinc-500">Cells used ({a.cells.length})</h3>
          <ul className="flex flex-wrap gap-1">
            {a.cells.slice(0, MAX_EVIDENCE).map((c) => (
              <li
                key={c.node}
                data-testid="answer-cell"
                data-node={c.node}
                className="rounded border border-emerald-300 bg-emerald-50 px-1.5 py-px text-[11px]"
              >
                <span className="text-zinc-500">{c.node}:</span> {c.value}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {a.sql ? (
        <AnswerSql
          sql={a.engineSql ?? a.sql}
          engine={a.engineSql ? "PostgreSQL" : null}
          // The SQL box runs the statement as the app ran it (its identifiers), without the attach schema.
          editHref={view.start ? sqlBoxHref(view.start.datasetId, displaySql(a.sql)) : null}
        />
      ) : null}
      {evidence.length > 0 ? (
        <div className="space-y-1">
          <h3 className="text-[11px] font-semibold text-zinc-500">
            Evidence ({evidence.length} {evidence.length === 1 ? "cell" : "cells"})
          </h3>
          <ul className="flex flex-wrap gap-1">
            {evidence.slice(0, MAX_EVIDENCE).map((c) => (
              <li
                key={`${c.table}.${c.column}.${c.rowId}`}
                data-testid="evidence-cell"
                className="rounded border-2 border-zinc-900 px-1.5 py-px text-[11px]"
              >
                <span className="text-zinc-500">
                  {c.table}.{c.column} #{c.rowId}:
                </span>{" "}
                {c.value === null ? "null" : String(c.value)}
              </li>
            ))}
            {evidence.length > MAX_EVIDENCE ? (
              <li className="text-[11px] text-zinc-400">and {evidence.length - MAX_EVIDENCE} more</li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {a.sentences?.length ? (
        <div className="space-y-1">
          <h3 className="text-[11px] font-semibold text-zinc-500">
            Supporting passage {a.sentences.length === 1 ? "sentence" : "sentences"}
          </h3>
          {a.sentences.slice(0, MAX_EVIDENCE).map((s) => (
            <blockquote
              key={`${s.passage}:${s.text}`}
              data-testid="answer-passage-sentence"
              className="border-l-2 border-emerald-400 bg-emerald-50 px-2 py-1 text-xs text-emerald-900"
            >
              <SpanInSentence sentence={s.text} span={a.text} /> <span className="text-zinc-400">({s.passage})</span>
            </blockquote>
          ))}
        </div>
      ) : null}
      <TokenEstimate view={view} />
      {runId && datasetId && view.end && !live ? <AnswerFeedback runId={runId} datasetId={datasetId} /> : null}
    </section>
  );
}

/** A supporting sentence with the answer's span marked where the sentence has it. */
function SpanInSentence({ sentence, span }: { sentence: string; span: string }) {
  const at = span ? sentence.indexOf(span) : -1;
  if (at < 0) return <>{sentence}</>;
  return (
    <>
      {sentence.slice(0, at)}
      <mark data-testid="answer-span" className="rounded bg-emerald-200 px-0.5 font-semibold text-emerald-950">
        {span}
      </mark>
      {sentence.slice(at + span.length)}
    </>
  );
}

/**
 * The answer's SQL in the dataset's own names (table and header names as the file wrote them). When
 * the app ran it on generated identifiers, the heading says so and the executed text is one click away.
 */
function AnswerSql({ sql, engine, editHref }: { sql: string; engine: string | null; editHref: string | null }) {
  const shownSql = useShownSql();
  const shown = shownSql(sql);
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-[11px] font-semibold text-zinc-500">
          {engine ? `SQL (as ${engine} ran it${shown.changed ? ", in your names" : ""})` : "SQL in your file's names"}
        </h3>
        <span className="flex items-center gap-1">
          {editHref ? (
            <Link
              href={editHref}
              data-testid="edit-sql"
              className="rounded px-1.5 py-0.5 text-xs text-indigo-700 hover:bg-indigo-50 hover:underline"
            >
              Edit and run
            </Link>
          ) : null}
          <CopySql sql={shown.sql} />
        </span>
      </div>
      <pre data-testid="answer-sql" className={SQL_BOX}>
        {shown.sql}
      </pre>
      {shown.changed ? (
        <details className="text-[11px] text-zinc-500" data-testid="executed-sql">
          <summary className="cursor-pointer">
            The app ran it with generated identifiers for your tables and columns (show the SQL as run)
          </summary>
          <pre className={SQL_BOX}>{sql}</pre>
        </details>
      ) : null}
    </div>
  );
}
