import { describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { importFiles, sqliteFile, tempDir } from "./testing/index-kit";

// Issue 13: views that never end or explode are profiled on a bounded sample; each stage has a
// time budget (a dataset that spends it gets a partial index with notes); a cancel ends a run.
useTempDataDir();
process.env.AUTO_INDEX = "0";
const { runIndexing } = await import("./pipeline");
const { cancelIndexing, scheduleIndexing, setQueueRunOptions, whenIndexingIdle } = await import("./queue");
const { getIndexStatus } = await import("./status");
const { listColumns } = await import("./api");

const NUMBERS =
  "CREATE TABLE n (i INTEGER PRIMARY KEY, label TEXT); WITH RECURSIVE s(i) " +
  "AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 1300) INSERT INTO n SELECT i, 'row ' || i FROM s;";

async function importDdl(ddl: string) {
  return importFiles([sqliteFile(tempDir(), "data.sqlite", ddl)]);
}

const notesOf = (outcome: NonNullable<Awaited<ReturnType<typeof runIndexing>>>, stage: string) =>
  outcome.stages.find((s) => s.name === stage)!.notes.join("\n");

describe("index budgets", () => {
  it("profiles a never-ending view and a 2.2-billion-row view on a sample, and says so", async () => {
    const { id, tables } = await importDdl(
      `${NUMBERS} CREATE VIEW boom AS SELECT a.i, b.label FROM n a, n b, n c; ` +
        `CREATE VIEW forever AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;`,
    );
    expect(tables.filter((t) => t.isView).map((t) => [t.name, t.rowCountCut])).toEqual([
      ["boom", true],
      ["forever", true],
    ]);
    const outcome = (await runIndexing(id, { caps: { viewRows: 2000 } }))!;
    expect(outcome.status).toBe("ready");
    expect(notesOf(outcome, "profiles")).toMatch(
      /boom is a view: profiled and indexed on a sample of its first 2,000 rows/,
    );
    expect(notesOf(outcome, "profiles")).toMatch(
      /forever is a view: profiled and indexed on a sample of its first 2,000 rows/,
    );
    const boom = (await listColumns(id)).tables.find((t) => t.table === "boom")!;
    expect(boom.columns[0].profile?.rowCount).toBe(2000);
  });

  it("gives a dataset that spends a stage's time budget a partial index with notes", async () => {
    const { id } = await importDdl(`${NUMBERS} CREATE TABLE m AS SELECT * FROM n;`);
    const outcome = (await runIndexing(id, { caps: { stageMs: 1 } }))!;
    expect(outcome.status).toBe("ready");
    expect(notesOf(outcome, "profiles")).toMatch(/time budget .* ran out/);
  });

  it("cancels a running index at once, through the queue, killing the read in flight", async () => {
    const { id } = await importDdl(`${NUMBERS} CREATE VIEW boom AS SELECT a.i FROM n a, n b, n c;`);
    // Unbounded view sample: the profile's read of boom would run for its whole 30 s limit.
    setQueueRunOptions({ caps: { viewRows: 1e12, queryMs: 30_000 } });
    scheduleIndexing(id);
    await new Promise((r) => setTimeout(r, 1500));
    const start = performance.now();
    expect(cancelIndexing(id)).toBe(true);
    await whenIndexingIdle();
    setQueueRunOptions({});
    expect(performance.now() - start).toBeLessThan(10_000);
    const status = await getIndexStatus(id);
    expect(status).toMatchObject({ status: "failed", error: "Indexing was cancelled." });
  });
});
