import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { CORPUS } from "./cases";
import { corpusDir, ensureCorpusFile } from "./files";

// Walks the whole malformed-input corpus through the real import path. Each file must end as a
// correct import or a clear ImportError naming the file — never another exception, a dataset
// half made, leftovers in tmp/, or a change to the dataset that was there before.
const dataDir = useTempDataDir();
process.env.AUTO_INDEX = "0";
const { importDataset } = await import("../import-dataset");
const { listDatasets, getDataset } = await import("@/lib/server/stores/datasets");
const { deleteDataset } = await import("@/lib/server/lifecycle/dataset-files");
const { ImportError } = await import("../errors");

const hashDir = (dir: string) => {
  const h = createHash("sha256");
  for (const f of fs.readdirSync(dir).sort()) h.update(f).update(fs.readFileSync(path.join(dir, f)));
  return h.digest("hex");
};

let canaryId = "";
let canaryHash = "";
beforeAll(async () => {
  const file = path.join(dataDir, "canary.csv");
  fs.writeFileSync(file, "city,population\nFresno,542107\n");
  canaryId = (await importDataset([{ originalName: "canary.csv", path: file, size: fs.statSync(file).size }])).id;
  canaryHash = hashDir(path.join(dataDir, "datasets", canaryId));
});

describe("malformed-input corpus", () => {
  it("has at least 50 files across CSV/TSV, XLSX and SQLite", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(CORPUS.map((c) => c.file)).size).toBe(CORPUS.length);
    for (const cls of ["csv", "xlsx", "sqlite"])
      expect(CORPUS.filter((c) => c.class === cls).length).toBeGreaterThanOrEqual(10);
  });

  for (const item of CORPUS) {
    it(`${item.file}: ${item.why}`, async () => {
      const file = await ensureCorpusFile(item, corpusDir());
      const uploaded = { originalName: item.file, path: file, size: fs.statSync(file).size };
      const before = (await listDatasets()).map((d) => d.id).sort();
      let outcome:
        | { id: string; tables: number; rows: number; detail: Awaited<ReturnType<typeof importDataset>> }
        | { error: InstanceType<typeof ImportError> };
      try {
        const detail = await importDataset([uploaded]);
        outcome = { id: detail.id, tables: detail.tables.length, rows: detail.rowCount, detail };
      } catch (err) {
        // Anything but an ImportError would be a 500 in the API: a failure of this test.
        if (!(err instanceof ImportError))
          throw new Error(`${item.file} raised ${(err as Error)?.name}: ${(err as Error)?.message}`);
        outcome = { error: err };
      }
      const after = (await listDatasets()).map((d) => d.id).sort();
      if (item.expect.ok) {
        if ("error" in outcome)
          throw new Error(`${item.file} should import but failed: [${outcome.error.code}] ${outcome.error.message}`);
        if (item.expect.tables !== undefined) expect(outcome.tables).toBe(item.expect.tables);
        if (item.expect.rows !== undefined) expect(outcome.rows).toBe(item.expect.rows);
        item.expect.check?.(outcome.detail);
        expect(after).toEqual([...before, outcome.id].sort());
        expect(await getDataset(outcome.id)).not.toBeNull();
        await deleteDataset(outcome.id);
      } else {
        if (!("error" in outcome))
          throw new Error(
            `${item.file} should be refused but imported ${outcome.tables} table(s), ${outcome.rows} row(s)`,
          );
        const { code, message } = outcome.error;
        if (typeof item.expect.code === "string") expect(code).toBe(item.expect.code);
        else expect(code).toMatch(item.expect.code);
        expect(message, "the message names the file").toContain(item.file);
        expect(after).toEqual(before);
      }
      expect(fs.readdirSync(path.join(dataDir, "tmp")).filter((f) => !f.startsWith("deleted-"))).toEqual([]);
      expect(hashDir(path.join(dataDir, "datasets", canaryId)), "the other dataset is untouched").toBe(canaryHash);
    });
  }
});
