/** Test support: questions × constraints on the sample schools, and the checks every constrained run must pass. */
import { expect } from "vitest";
import { parseColumnKey } from "../../model/column-ref";
import { createRecorder, type TraceEvent } from "../../trace";
import type { EventSink } from "../../trace/sink";
import { sqlUsesColumn } from "../constraints/sql-use";
import { runConstraintsSchema, type RunConstraints, type RunConstraintsInput } from "../constraints/types";
import type { RetrievalPorts } from "../ports";
import { sampleSetup } from "./setup";

const CONSTRAINT_QUESTIONS = [
  "How many schools in Contra Costa are directly funded?",
  "Which county has the most schools?",
  "What is the average math score of schools in Fresno?",
  "List the names of schools in Alameda county.",
];

const CONSTRAINT_CASES: RunConstraintsInput[] = [
  { excludeColumns: ["counties.name"] },
  { excludeColumns: ["schools.funding", "schools.name"] },
  { includeColumns: ["schools.city"] },
  { includeColumns: ["districts.kind"], excludeColumns: ["counties.region"] },
  { conditions: [{ column: "schools.charter", value: 1 }] },
  { includeColumns: ["satscores.NumTstTakr"], excludeColumns: ["schools.city"] },
];

type Runner = (
  question: string,
  ports: RetrievalPorts,
  sink: EventSink,
  constraints: RunConstraints,
) => Promise<{ answer: { sql?: string } }>;

/**
 * Runs every question under every constraint set and checks the promise of a constrained run:
 * no SQL statement it runs reads an excluded column, the answer's SQL (when there is one) reads
 * every pinned column and tests every condition, and each constraint has its own trace event.
 */
export async function checkConstrainedRuns(run: Runner): Promise<{ answered: number; total: number }> {
  const { ports } = await sampleSetup();
  let answered = 0;
  let total = 0;
  for (const question of CONSTRAINT_QUESTIONS)
    for (const raw of CONSTRAINT_CASES) {
      const constraints = runConstraintsSchema.parse(raw);
      const sink = createRecorder();
      const result = await run(question, ports, sink, constraints);
      total++;
      const sqls = sink.events.filter((e): e is Extract<TraceEvent, { type: "sql" }> => e.type === "sql");
      for (const key of constraints.excludeColumns)
        for (const e of sqls)
          expect(sqlUsesColumn(e.sql, parseColumnKey(key), ports.schema), `${key} in ${e.sql}`).toBe(false);
      const events = sink.events.filter((e) => e.type === "constraint");
      for (const key of [...constraints.includeColumns, ...constraints.excludeColumns])
        expect(
          events.some((e) => e.type === "constraint" && e.target === key),
          `event for ${key}`,
        ).toBe(true);
      const sql = result.answer.sql;
      if (!sql) continue;
      answered++;
      for (const key of [...constraints.includeColumns, ...constraints.conditions.map((c) => c.column)])
        expect(sqlUsesColumn(sql, parseColumnKey(key), ports.schema), `${key} not in ${sql}`).toBe(true);
      for (const c of constraints.conditions) expect(sql).toContain(`= ${c.value}`);
    }
  return { answered, total };
}
