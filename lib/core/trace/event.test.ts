import { describe, expect, it } from "vitest";
import { capRowIds, parseTraceEvent, TRACE_EVENT_TYPES, traceEventSchema, type TraceEventInput } from "./index";

/** One valid example of every kind, so a new kind without an example fails the coverage test. */
const examples: TraceEventInput[] = [
  {
    type: "run-start",
    runId: "r1",
    datasetId: "d1",
    question: "How many schools?",
    method: "fgtr",
    reasoner: "local",
    params: { k: 5 },
  },
  { type: "run-end", ms: 12.5, ok: true },
  { type: "stage-start", stage: "schema-mapping", label: "Schema mapping" },
  { type: "stage-end", stage: "schema-mapping", ms: 3, ok: true },
  { type: "step-end", step: "schema-mapping", reasoner: "llm", ms: 40, attempts: 2, fallback: false, sample: 1 },
  {
    type: "llm-call",
    step: "schema-mapping",
    provider: "openai",
    model: "gpt-4o-mini",
    ms: 40,
    inputTokens: 10,
    outputTokens: 5,
    ok: true,
    attempt: 1,
  },
  { type: "sql", sql: "SELECT 1", rowCount: 1, ms: 0.4, ok: true },
  { type: "warning", message: "fell back", step: "x" },
  { type: "error", message: "boom", code: "internal" },
  {
    type: "answer",
    text: "3",
    values: [3],
    evidence: [{ table: "schools", column: "name", rowId: 4, value: "A" }],
    operation: "count",
  },
  {
    type: "question-parse",
    keywords: ["schools"],
    entities: [{ text: "Contra Costa", kind: "place" }],
    numbers: [{ value: 250, comparator: "<=", text: "not more than 250" }],
    dates: [{ text: "in 2019", value: "2019" }],
    intent: "count",
  },
  { type: "schema-vote", round: 0, columns: [{ table: "schools", column: "county" }], scorer: "lexical" },
  {
    type: "schema-selection",
    columns: [{ table: "schools", column: "county", votes: 4, frequency: 0.8 }],
    k: 5,
    theta: 0.6,
    kept: [{ table: "schools", column: "county" }],
    dropped: [],
  },
  { type: "schema-fill", added: [{ table: "schools", column: "cds", reason: "primary-key" }] },
  {
    type: "join-path",
    fromTable: "schools",
    toTable: "satscores",
    edges: [{ source: "schools.cds", target: "satscores.cds", kind: "discovered", origin: "discovered", weight: 1.7 }],
  },
  {
    type: "column-range",
    table: "satscores",
    column: "takers",
    role: "constrained",
    predicate: { op: "<=", values: [250] },
  },
  {
    type: "cell-hits",
    table: "schools",
    column: "county",
    query: "LA",
    hits: [{ value: "Los Angeles", score: 0.9, match: "vector", rowIds: [1, 2], rowCount: 2 }],
  },
  {
    type: "sub-table",
    table: "schools",
    columns: ["county"],
    rowIds: [1, 2],
    rowIdsTruncated: false,
    rowCount: 2,
    columnCount: 1,
    totalRows: 100,
    totalColumns: 8,
  },
  {
    type: "view-scope",
    kept: [{ view: "customer_totals", why: "the question names lifetime value, which only this view has" }],
    hidden: [{ table: "customers", why: "a base table of customer_totals, which answers instead" }],
    cutEdges: 0,
  },
  {
    type: "graph-action",
    step: 1,
    thought: "look at the header",
    action: "GetAllNeighbours",
    args: ["c0_1"],
    resultNodes: ["c1_1", "c2_1"],
  },
  { type: "trace-update", nodes: ["c0_1", "c1_1"], edges: [{ source: "c0_1", target: "c1_1" }] },
  { type: "edge-retrieval", edges: [{ segment: "t1#3", passage: "p9", score: 0.8 }], k: 400 },
  { type: "rerank", edges: [{ segment: "t1#3", passage: null, score: 0.7, previousRank: 4 }], k: 100 },
  { type: "seed-selection", nodes: [{ node: "t1#3", score: 0.4 }], beam: 10 },
  { type: "expansion", edges: [{ from: "t1#3", to: "p2", score: 0.3 }], beam: 10 },
  { type: "aggregation", needed: true, rows: ["t1#7"], operation: "latest" },
  { type: "passage-verification", passage: "p2", segment: "t1#3", keep: false, reason: "about a different club" },
  {
    type: "reader-candidates",
    candidates: [{ text: "Tainan", score: 0.62, source: "passage", segment: "t1#3", passage: "p2" }],
    none: 0.1,
    threshold: 0.2,
    abstained: false,
  },
  {
    type: "attribute-retrieval",
    segment: "in Contra Costa county",
    role: "condition",
    tau: 0.6,
    attributes: [{ table: "counties", column: "name", similarity: 0.53, score: 1, keywords: ["county"] }],
  },
  {
    type: "schema-path",
    status: "pruned",
    path: "P1",
    attribute: "counties.name",
    terminal: "schools.cds_code",
    nodes: ["schools.district_id", "schools.cds_code"],
    edges: [
      {
        id: "key:schools.district_id->schools.cds_code",
        source: "schools.district_id",
        target: "schools.cds_code",
        kind: "key",
        origin: "declared",
      },
    ],
    cause: {
      id: "foreign_key:schools.district_id->districts.district_id",
      source: "schools.district_id",
      target: "districts.district_id",
      kind: "foreign_key",
      origin: "declared",
    },
  },
  {
    type: "cell-graph",
    table: "Enrollment",
    rows: 12,
    columns: 7,
    headerRows: 2,
    nodes: 80,
    merged: 3,
    choice: "only",
  },
  {
    type: "program-candidates",
    ranker: "learned",
    generated: 40,
    executed: 5,
    candidates: [{ sql: "SELECT COUNT(*) FROM t", operation: "count", score: 2.5, probability: 0.8 }],
  },
  {
    type: "program-reuse",
    source: "learned",
    reading: 'number of orders whose status is "Shipped"',
    question: "How many orders have shipped?",
    similarity: 0.82,
  },
  {
    type: "trace-init",
    k: 8,
    nodes: ["r0c1"],
    chosen: ["r0c1", "r3c2"],
    nearest: ["r0c1"],
    fallback: false,
    labels: { r0c1: "2022-23" },
  },
  {
    type: "constraint",
    kind: "exclude-column",
    target: "schools.county",
    changed: true,
    effect: "The vote kept schools.county; the constraint dropped it.",
  },
];

describe("TraceEvent schema", () => {
  it("has a valid example for every kind", () => {
    expect(new Set(examples.map((e) => e.type))).toEqual(new Set(TRACE_EVENT_TYPES));
    for (const [seq, e] of examples.entries()) {
      const parsed = traceEventSchema.safeParse({ ...e, seq, at: seq });
      expect(parsed.success, `${e.type}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("rejects events without seq/at, with an unknown type or a wrong field", () => {
    expect(traceEventSchema.safeParse({ type: "run-end", ms: 1, ok: true }).success).toBe(false);
    expect(traceEventSchema.safeParse({ type: "nope", seq: 0, at: 0 }).success).toBe(false);
    expect(traceEventSchema.safeParse({ type: "run-end", seq: 0, at: 0, ms: 1, ok: "yes" }).success).toBe(false);
    expect(traceEventSchema.safeParse({ type: "warning", seq: 0, at: 0, message: "x", reasoner: "gpt" }).success).toBe(
      false,
    );
  });

  it("caps row-id lists so one event never carries a whole table", () => {
    const big = {
      type: "sub-table",
      seq: 0,
      at: 0,
      table: "t",
      columns: [],
      rowIdsTruncated: false,
      rowCount: 6000,
      columnCount: 0,
      totalRows: 6000,
      totalColumns: 1,
    };
    expect(traceEventSchema.safeParse({ ...big, rowIds: Array.from({ length: 6000 }, (_, i) => i) }).success).toBe(
      false,
    );
    const capped = capRowIds(Array.from({ length: 6000 }, (_, i) => i));
    expect(capped.truncated).toBe(true);
    expect(
      traceEventSchema.safeParse({ ...big, rowIds: capped.rowIds, rowIdsTruncated: capped.truncated }).success,
    ).toBe(true);
    expect(capRowIds([1, 2, 3], 5)).toEqual({ rowIds: [1, 2, 3], truncated: false });
  });

  it("parseTraceEvent returns null instead of throwing on bad data, and survives a JSON round trip", () => {
    expect(parseTraceEvent({ type: "answer" })).toBeNull();
    const e = { ...examples[9], seq: 3, at: 1.5 };
    expect(parseTraceEvent(JSON.parse(JSON.stringify(e)))).toEqual(e);
  });
});
