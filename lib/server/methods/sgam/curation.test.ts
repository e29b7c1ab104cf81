import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/core/trace";
import { importFiles, routeCtx, tempDir } from "@/lib/server/index/testing/index-kit";
import { useLocalReasonerOnly, useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
useLocalReasonerOnly();
const { whenIndexingIdle } = await import("@/lib/server/index/queue");
const { closeSqlPool } = await import("@/lib/server/sql");
const { runGuardedQuery } = await import("@/lib/server/stores/dataset-query");
const { POST: askRoute } = await import("@/app/api/datasets/[id]/ask/route");
const { POST: addEdge } = await import("@/app/api/datasets/[id]/schema-graph/edges/route");
const { GET: graphRoute } = await import("@/app/api/datasets/[id]/schema-graph/route");

const CITIES = ["Springfield", "Shelbyville", "Ogdenville", "Capital City", "North Haverbrook", "Brockway"];

/**
 * Inspections reference a few of sixty facilities through "site_tag": a small child table, a
 * column name unlike the key's, so join discovery finds no edge (ω ≈ 0.3) — the join only a
 * person knows, as in SGAM's derivation edges.
 */
function files(dir: string): string[] {
  const facilities = [
    ["facility_ref", "facility_name", "city"],
    ...Array.from({ length: 60 }, (_, i) => [`F-${String(i + 1).padStart(3, "0")}`, `Plant ${i + 1}`, CITIES[i % 6]]),
  ];
  const sites = ["F-001", "F-007", "F-013", "F-002", "F-003", "F-004", "F-005", "F-006"];
  const inspections = [
    ["insp_no", "site_tag", "outcome", "inspected_on"],
    ...Array.from({ length: 40 }, (_, i) => [
      9000 + i,
      sites[i % 8],
      i % 3 === 0 ? "Fail" : "Pass",
      `2024-0${1 + (i % 9)}-15`,
    ]),
  ];
  return Object.entries({ "facilities.csv": facilities, "inspections.csv": inspections }).map(([name, rows]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, rows.map((r) => r.join(",")).join("\n") + "\n");
    return file;
  });
}

let id = "";
beforeAll(async () => {
  id = (await importFiles(files(tempDir()), "inspections")).id;
  await whenIndexingIdle();
}, 120_000);
afterAll(() => closeSqlPool());

type Body = { ok: boolean; answer: { text: string; values: unknown[] }; events: TraceEvent[] };
async function ask(question: string, method = "sgam"): Promise<Body> {
  const res = await askRoute(
    new Request(`http://test/api/datasets/${id}/ask`, {
      method: "POST",
      body: JSON.stringify({ question, method }),
      headers: { accept: "application/json", "content-type": "application/json" },
    }),
    routeCtx({ id }),
  );
  expect(res.status).toBe(200);
  return res.json();
}

describe("curation helps SGAM", () => {
  it("a question that needs a hand-drawn edge: wrong without it, right after adding it through the API, " +
    "the path through it", async () => {
    const question = "How many inspections with outcome Fail were at facilities in Springfield?";
    const expected = (
      await runGuardedQuery(
        id,
        `SELECT count(*) FROM inspections i JOIN facilities f ON f.facility_ref = i.site_tag WHERE i.outcome = ` +
          `'Fail' AND f.city = 'Springfield'`,
      )
    ).rows[0][0];
    expect(expected).toBeGreaterThan(0);

    const graph = await (await graphRoute(new Request("http://test"), routeCtx({ id }))).json();
    const linked = graph.edges.some(
      (e: { source: string; target: string }) =>
        [e.source, e.target].sort().join() === ["facilities.facility_ref", "inspections.site_tag"].join(),
    );
    expect(linked).toBe(false);

    const before = await ask(question);
    expect(before.answer.values).not.toEqual([expected]);
    expect(before.events.some((e) => e.type === "warning" && e.code === "no_path")).toBe(true);

    const res = await addEdge(
      new Request(`http://test/api/datasets/${id}/schema-graph/edges`, {
        method: "POST",
        body: JSON.stringify({
          source: "inspections.site_tag",
          target: "facilities.facility_ref",
          kind: "derivation",
          label: "site tag is the facility's reference",
        }),
        headers: { "content-type": "application/json" },
      }),
      routeCtx({ id }),
    );
    expect(res.status).toBe(201);

    const after = await ask(question);
    expect(after.ok).toBe(true);
    expect(after.answer.values).toEqual([expected]);
    const found = after.events.filter((e) => e.type === "schema-path" && e.status === "found");
    expect(
      found.some(
        (e) => e.type === "schema-path" && e.edges.some((x) => x.origin === "curated" && x.kind === "derivation"),
      ),
    ).toBe(true);
    const pruned = after.events.filter((e) => e.type === "schema-path" && e.status === "pruned");
    expect(pruned.some((e) => e.type === "schema-path" && e.cause?.origin === "curated")).toBe(true);
  }, 60_000);

  it("a curated join edge takes part in FGTR's schema filling at once", async () => {
    const question = "How many inspections with outcome Fail were at facilities in Springfield?";
    const expected = (
      await runGuardedQuery(
        id,
        `SELECT count(*) FROM inspections i JOIN facilities f ON f.facility_ref = i.site_tag WHERE i.outcome = ` +
          `'Fail' AND f.city = 'Springfield'`,
      )
    ).rows[0][0];
    const res = await addEdge(
      new Request(`http://test/api/datasets/${id}/schema-graph/edges`, {
        method: "POST",
        body: JSON.stringify({
          source: "inspections.site_tag",
          target: "facilities.facility_ref",
          kind: "join",
          label: "same facility",
        }),
        headers: { "content-type": "application/json" },
      }),
      routeCtx({ id }),
    );
    expect(res.status).toBe(201);
    const body = await ask(question, "fgtr");
    const join = body.events.find((e) => e.type === "join-path");
    expect(join?.type === "join-path" && join.edges.some((e) => e.origin === "curated" && e.kind === "join")).toBe(
      true,
    );
    expect(body.answer.values).toEqual([expected]);
  }, 60_000);
});
