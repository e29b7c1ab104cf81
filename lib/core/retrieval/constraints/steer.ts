import { refKey } from "../../model/column-ref";
import type { ColumnRef, JoinPath } from "../../model/index-types";
import type { EventSink } from "../../trace/sink";
import type { AnswerInput } from "../../reasoner/answer/input";
import { sqlLiteral } from "../sql/literals";
import type { RetrievalPorts } from "../ports";
import type { ProgramPolicy } from "../../reasoner/answer/policy";
import { constraintViolation } from "./sql-use";
import { resolveConstraints, type ResolvedConstraints, type RunConstraints } from "./types";
import { constrainedPorts, pinnedEdgeColumns } from "./view";

/**
 * The mechanics a method uses to honour a re-run's constraints, shared so FGTR and SGAM apply
 * them alike; each method calls them from its own steps, at the point its paper makes the choice
 * the constraint overrides, and each call emits a `constraint` event saying what changed.
 */
export type Steering = {
  c: ResolvedConstraints;
  /** Pinned columns, pinned edges' endpoints and condition columns: the SQL must read each. */
  include: ColumnRef[];
  /** The ports without excluded columns and edges, for every step after the first retrieval. */
  ports: RetrievalPorts;
};

/** Null when there is nothing to steer (no constraints). */
export function steeringFor(constraints: RunConstraints | undefined, ports: RetrievalPorts): Steering | null {
  if (!constraints) return null;
  const c = resolveConstraints(constraints);
  const all = [...c.include, ...pinnedEdgeColumns(ports.graph, c.includeEdges), ...c.conditions.map((x) => x.ref)];
  const include = [...new Map(all.map((r) => [refKey(r), r])).values()];
  if (!include.length && !c.exclude.length && !c.excludeEdges.length) return null;
  return { c, include, ports: constrainedPorts(ports, c) };
}

/**
 * A retrieval step's column choice with the constraints applied: excluded columns dropped,
 * pinned ones (and pinned edges' endpoints, condition columns) added; one event per constraint.
 */
export function steerColumns(s: Steering, chosen: ColumnRef[], sink: EventSink, step: string): ColumnRef[] {
  const had = new Set(chosen.map(refKey));
  const gone = new Set(s.c.exclude.map(refKey));
  for (const ref of s.c.exclude) {
    const k = refKey(ref);
    sink.emit({
      type: "constraint",
      kind: "exclude-column",
      target: k,
      changed: had.has(k),
      effect: had.has(k)
        ? `${step} chose ${k}; the constraint dropped it and hid it from every later step.`
        : `${step} did not choose ${k}; it stays hidden from every later step.`,
    });
  }
  const kept = chosen.filter((r) => !gone.has(refKey(r)));
  for (const ref of s.include) {
    const k = refKey(ref);
    const pinnedEdge = !s.c.include.some((r) => refKey(r) === k) && !s.c.conditions.some((x) => refKey(x.ref) === k);
    if (!s.c.include.some((r) => refKey(r) === k) && !pinnedEdge) continue; // conditions report at the answer
    sink.emit({
      type: "constraint",
      kind: pinnedEdge ? "include-edge" : "include-column",
      target: k,
      changed: !had.has(k),
      effect: had.has(k)
        ? `${step} had already chosen ${k}; the pin keeps it.`
        : `${step} did not choose ${k}; the pin added it${pinnedEdge ? " (an end of a pinned edge)" : ""}.`,
    });
  }
  return [...new Map([...kept, ...s.include].map((r) => [refKey(r), r])).values()];
}

/** One event per excluded edge: whether the join the method would have used ran over it. */
export function reportExcludedEdges(s: Steering, would: JoinPath | null, sink: EventSink): void {
  const used = new Set((would?.edges ?? []).map((e) => e.id));
  for (const id of s.c.excludeEdges)
    sink.emit({
      type: "constraint",
      kind: "exclude-edge",
      target: id,
      changed: used.has(id),
      effect: used.has(id)
        ? `The join would have followed edge ${id}; it was removed and another path (if any) is used.`
        : `The join did not need edge ${id}; removing it changed nothing here.`,
    });
}

/** The answer's input with the conditions added as equality constraints, one event each. */
export function steerConditions<I extends AnswerInput>(s: Steering, input: I, sink: EventSink): I {
  const added = s.c.conditions.map((x) => ({
    table: x.ref.table,
    column: x.ref.column,
    predicate: { op: "=" as const, values: [x.value] },
    numeric: typeof x.value === "number",
    cast: false,
    source: "user condition",
  }));
  const fresh: typeof added = [];
  for (const a of added) {
    const same = input.constraints.some(
      (c) => c.table === a.table && c.column === a.column && c.predicate.values.includes(a.predicate.values[0]),
    );
    if (!same) fresh.push(a);
    sink.emit({
      type: "constraint",
      kind: "condition",
      target: `${refKey(a)} = ${sqlLiteral(a.predicate.values[0])}`,
      value: a.predicate.values[0],
      changed: !same,
      effect: same
        ? `Cell mapping had already found this condition.`
        : `Cell mapping had not found this condition; it was added to the answer's WHERE.`,
    });
  }
  return { ...input, constraints: [...input.constraints, ...fresh] };
}

/** The answer program's policy: events for a replaced program, the SQL checked by constraintViolation. */
export function steerProgram(s: Steering, sink: EventSink): ProgramPolicy {
  return {
    include: s.include,
    reject: (sql) => constraintViolation(sql, s.c, s.include, s.ports.schema),
    onReplaced: (would, runs, why) =>
      sink.emit({
        type: "constraint",
        kind: why.kind,
        target: why.target,
        changed: true,
        effect: `The method would have run ${would ? `"${would.slice(0, 300)}"` : "no SQL"}, but ${why.reason}; ${
          runs ? "it runs a program that honours every constraint instead." : "no program honours every constraint."
        }`,
      }),
  };
}
