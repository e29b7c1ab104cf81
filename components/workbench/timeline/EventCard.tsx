"use client";

import { useEffect, useRef } from "react";
import type { TraceEvent } from "@/lib/core/trace";
import { HitsCard, SubTableCard } from "./cards/cells";
import { CellGraphCard, GraphActionCard, TraceInitCard, TraceUpdateCard } from "./cards/graph";
import {
  AggregationCard,
  EdgesCard,
  ExpansionCard,
  ReaderCandidatesCard,
  SeedsCard,
  VerificationCard,
} from "./cards/helios";
import { ConstraintCard } from "./cards/constraint";
import { ProgramCandidatesCard, ProgramReuseCard } from "./cards/programs";
import { FillCard, JoinCard, ParseCard, RangeCard, SelectionCard, VoteCard } from "./cards/retrieval";
import { AttributesCard, DecompositionRows, SchemaPathCard } from "./cards/sgam";
import {
  AnswerCard,
  GenericCard,
  LlmCallCard,
  NoticeCard,
  RunEndCard,
  RunStartCard,
  SqlCard,
  StepCard,
} from "./cards/run";
import { formatMs } from "./format";

const TITLES: Partial<Record<TraceEvent["type"], string>> = {
  "run-start": "Question",
  "run-end": "Run finished",
  answer: "Answer",
  "question-parse": "Key elements",
  "schema-vote": "Vote",
  "schema-selection": "θ cut",
  "schema-fill": "Keys added",
  "join-path": "Join path",
  "column-range": "Range",
  "cell-hits": "Cell hits",
  "sub-table": "Sub-table",
  sql: "SQL",
  "llm-call": "LLM call",
  "step-end": "Step",
  "attribute-retrieval": "Attributes",
  "schema-path": "Path",
  warning: "Warning",
  error: "Error",
  "cell-graph": "Cell graph",
  "trace-init": "Initial trace",
  "graph-action": "Thought → Action",
  "trace-update": "Update",
  "edge-retrieval": "Edge retrieval",
  rerank: "Ranked edges",
  "seed-selection": "Seeds",
  expansion: "Expansion",
  aggregation: "Aggregation",
  "passage-verification": "Passage check",
  "program-candidates": "Candidate programs",
  "program-reuse": "Program given",
  "reader-candidates": "Reader candidates",
  constraint: "Constraint",
};

function Body({ e }: { e: TraceEvent }) {
  switch (e.type) {
    case "run-start":
      return <RunStartCard e={e} />;
    case "run-end":
      return <RunEndCard e={e} />;
    case "answer":
      return <AnswerCard e={e} />;
    case "question-parse":
      return (
        <>
          <ParseCard e={e} />
          <DecompositionRows e={e} />
        </>
      );
    case "attribute-retrieval":
      return <AttributesCard e={e} />;
    case "schema-path":
      return <SchemaPathCard e={e} />;
    case "schema-vote":
      return <VoteCard e={e} />;
    case "schema-selection":
      return <SelectionCard e={e} />;
    case "schema-fill":
      return <FillCard e={e} />;
    case "join-path":
      return <JoinCard e={e} />;
    case "column-range":
      return <RangeCard e={e} />;
    case "cell-hits":
      return <HitsCard e={e} />;
    case "sub-table":
      return <SubTableCard e={e} />;
    case "sql":
      return <SqlCard e={e} />;
    case "llm-call":
      return <LlmCallCard e={e} />;
    case "step-end":
      return <StepCard e={e} />;
    case "cell-graph":
      return <CellGraphCard e={e} />;
    case "trace-init":
      return <TraceInitCard e={e} />;
    case "graph-action":
      return <GraphActionCard e={e} />;
    case "trace-update":
      return <TraceUpdateCard e={e} />;
    case "edge-retrieval":
    case "rerank":
      return <EdgesCard e={e} />;
    case "seed-selection":
      return <SeedsCard e={e} />;
    case "expansion":
      return <ExpansionCard e={e} />;
    case "aggregation":
      return <AggregationCard e={e} />;
    case "passage-verification":
      return <VerificationCard e={e} />;
    case "program-candidates":
      return <ProgramCandidatesCard e={e} />;
    case "program-reuse":
      return <ProgramReuseCard e={e} />;
    case "reader-candidates":
      return <ReaderCandidatesCard e={e} />;
    case "constraint":
      return <ConstraintCard e={e} />;
    case "warning":
    case "error":
      return <NoticeCard e={e} />;
    default:
      return <GenericCard e={e} />;
  }
}

/** One event in the timeline: what it is, when (run clock), by which reasoner, and its content. */
export function EventCard({
  event,
  current,
  repeats = 1,
}: {
  event: TraceEvent;
  current?: boolean;
  /** How many consecutive events said exactly this (drawn once, with "× N"). */
  repeats?: number;
}) {
  const compact =
    event.type === "schema-vote" ||
    event.type === "step-end" ||
    event.type === "llm-call" ||
    event.type === "trace-update";
  const ref = useRef<HTMLLIElement>(null);
  // While replaying, keep the event just stepped to on screen.
  useEffect(() => {
    if (current) ref.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [current]);
  return (
    <li
      ref={ref}
      data-testid="timeline-event"
      data-type={event.type}
      data-seq={event.seq}
      data-repeats={repeats}
      className={
        `grid grid-cols-[4.5rem_minmax(0,1fr)] ` +
        `gap-x-2 ${compact ? "py-0.5" : "py-1.5"} ${current ? "rounded bg-indigo-50/70 ring-1 ring-indigo-200" : ""}`
      }
    >
      <span className="pt-px text-right text-[10px] text-zinc-400 tabular-nums" title="time since the run started">
        +{formatMs(event.at)}
      </span>
      <div className="relative min-w-0 space-y-0.5">
        {repeats > 1 ? (
          <span
            data-testid="event-repeats"
            title={`${repeats} identical events in a row`}
            className="float-right ml-1 rounded bg-zinc-100 px-1 text-[10px] font-semibold text-zinc-600 tabular-nums"
          >
            × {repeats}
          </span>
        ) : null}
        {!compact ? (
          <p className="flex items-center gap-1.5 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">
            {TITLES[event.type] ?? event.type}
            {event.reasoner ? (
              <span className="font-normal tracking-normal normal-case text-zinc-400">· {event.reasoner}</span>
            ) : null}
          </p>
        ) : null}
        <Body e={event} />
      </div>
    </li>
  );
}
