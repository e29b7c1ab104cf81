import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { WORKER_ENTRIES } from "@/lib/server/pool/bundle";
import { buildImportGraph, isTestSupport, sourceFiles } from "./import-graph";

// One question followed from the ask route to the method and back (docs/ARCHITECTURE.md, "One question's
// path"). A hop is a call from one file into another; a file is on the path when its code receives the
// question or its events (not when it only lends a resource, such as the thread pool a task runs on).
// Each hop is checked against the sources: the caller imports the callee, or the callee is the worker
// entry the pool starts. Measured before the pool became infrastructure (2026-12-07), the same walk
// crossed 14 files: route, ask-request, ask/methods, method-params, stream-run, execute-run,
// pool-executor, queue-slot, run-task, pool/worker-entry, pool/method-task, run-method, event-writer,
// ui-stream; and the request changed shape three times (RunSpec → MethodTask → MethodRunRequest).
const ROUTE = "app/api/datasets/[id]/ask/route.ts";
const TASK = "lib/server/runs/method.task.ts";
const RUN_TASK = "lib/server/pool/run-task.ts";
const ENTRY = "lib/server/task-kinds.ts";
const ADAPTER = "lib/server/methods/run-method.ts";
const EXECUTE = "lib/server/runs/execute-run.ts";
const STREAM = "lib/server/runs/stream-run.ts";

/** A hop: the caller imports the callee ("import"), calls it through a contract type it imports ("type": the
 * recorder's sink behind ExecuteMethod), or hands it to another thread (the pool starts the worker entry). */
type Hop = [from: string, to: string, what: string, via?: "type"];
const OUT: Hop[] = [
  [ROUTE, "lib/server/ask/ask-request.ts", "validates the body"],
  [ROUTE, TASK, "prepareRun: the run request, its method's parameters parsed"],
  [TASK, "lib/server/methods/method-params.ts", "looks the method up, parses its parameters"],
  [ROUTE, STREAM, "streamRun: the response"],
  [STREAM, EXECUTE, "executeRun: the recorded run"],
  [ROUTE, TASK, "executeInPool: the run's execution"],
  [TASK, "lib/server/pool/queue-slot.ts", "waits its turn in the method's question queue"],
  [TASK, RUN_TASK, "runTask: the task on a question thread"],
  [RUN_TASK, ENTRY, "the pool's worker entry receives the task (thread hop)"],
  [ENTRY, TASK, "runMethodTask, the kind's worker half"],
  [TASK, ADAPTER, "runMethod: the one generic adapter runs the method's module"],
];
const BACK: Hop[] = [
  [TASK, RUN_TASK, "post: each event, then the end, in the one envelope"],
  [TASK, EXECUTE, "onEvent: into the run's recorder (ExecuteMethod's sink)", "type"],
  [EXECUTE, "lib/server/runs/event-writer.ts", "stores the events in batches"],
  [STREAM, "lib/server/llm/ui-stream.ts", "writes each event as a data-trace part"],
];

const { edges } = buildImportGraph();
const imports = (from: string, to: string, via?: "type") =>
  edges.some((e) => e.from === from && e.to === to && (via === "type" || e.kind !== "type"));
const crossed = [...new Set([...OUT, ...BACK].flatMap(([from, to]) => [from, to]))];

describe("one question from the route to the method and back", () => {
  it("follows hops that exist in the sources", () => {
    for (const [from, to, what, via] of [...OUT, ...BACK]) {
      if (to === ENTRY) expect(WORKER_ENTRIES["pool-worker"], what).toBe(ENTRY);
      else expect(imports(from, to, via), `${from} → ${to}: ${what}`).toBe(true);
    }
  });

  it("crosses at most 12 files", () => {
    expect(crossed.length, crossed.join("\n")).toBeLessThanOrEqual(12);
  });

  it("hands the worker the same request the route made", () => {
    const text = readFileSync(path.resolve(__dirname, "../..", TASK), "utf8");
    expect(text).toMatch(/request: RunRequest;/); // the task carries the request as it is
    expect(text).toMatch(/runMethod\(context, request, sink/); // and the adapter takes it as it is
  });
});

/**
 * Types declared with their own `question: string` and `method` fields where a run request travels: the
 * server (app/api, lib/server) and the run model. The browser's body and props (components/, api-types)
 * and core's own inputs (a method's MethodInput, the verdict's AssessInput) are contracts of other layers.
 */
function requestShapes(): string[] {
  const root = path.resolve(__dirname, "../..");
  const found: string[] = [];
  const server = (f: string) => /^(app\/api|lib\/server)\//.test(f) || f === "lib/core/api/runs.ts";
  for (const file of sourceFiles(root).filter((f) => server(f) && !isTestSupport(f))) {
    const text = readFileSync(path.join(root, file), "utf8");
    if (!text.includes("question")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node, name: string | null): void => {
      if (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) name = node.name.text;
      const members = ts.isTypeLiteralNode(node) || ts.isInterfaceDeclaration(node) ? node.members : null;
      if (members && name) {
        const field = (n: string) =>
          members.find((m) => ts.isPropertySignature(m) && m.name.getText(source) === n) as
            | ts.PropertySignature
            | undefined;
        const question = field("question");
        if (question?.type?.kind === ts.SyntaxKind.StringKeyword && field("method")) found.push(`${file}: ${name}`);
      }
      ts.forEachChild(node, (child) => visit(child, name));
    };
    visit(source, null);
  }
  return found;
}

describe("a run request", () => {
  it("has its type defined in one place", () => {
    expect(requestShapes()).toEqual(["lib/core/api/runs.ts: RunRequest"]);
  });
});
