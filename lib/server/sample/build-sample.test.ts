import fs from "node:fs";
import type { HeliosResult } from "@/lib/core/methods/helios/run-helios";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
process.env.SEED_SAMPLE = "1";
const { seedSampleIfNeeded, SAMPLE_NAME } = await import("@/lib/server/startup");
const { listDatasets, getDataset } = await import("@/lib/server/stores/datasets");
const { listPassages } = await import("@/lib/server/passages/list");
const { runOn } = await import("@/lib/server/testing/run-on");
const { createRecorder } = await import("@/lib/core/trace");
const { generateSample } = await import("@/lib/core/sample/generate");
const { generateSamplePassages, samplePassagesJsonl } = await import("@/lib/core/sample/passages");

describe("sample dataset", () => {
  it("is imported once with its keys and its merged-header sheet", async () => {
    await seedSampleIfNeeded();
    await seedSampleIfNeeded();
    const all = await listDatasets();
    expect(all.map((d) => d.name)).toEqual([SAMPLE_NAME]);
    const detail = await getDataset(all[0].id);
    const names = detail!.tables.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(["counties", "districts", "schools", "satscores", "Enrollment by band"]),
    );
    const sat = detail!.tables.find((t) => t.name === "satscores")!;
    expect(sat.foreignKeys).toEqual([{ columns: ["cds"], refTable: "schools", refColumns: ["cds_code"] }]);
    const sheet = detail!.tables.find((t) => t.name === "Enrollment by band")!;
    expect(sheet.layout?.headerRows).toHaveLength(2);
    expect(sheet.columns.map((c) => c.name)).toContain("2022-23 / Elementary");
    expect(sheet.columns.find((c) => c.name === "District")?.type).toBe("text");
  });

  it("comes with passages about its districts, linked to their rows, that HELIOS answers from", async () => {
    await seedSampleIfNeeded();
    const [sample] = await listDatasets();
    const { total, passages } = await listPassages(sample.id, "", 0, 50);
    expect(total).toBe(12);
    expect(passages.every((p) => p.links.some((l) => l.table === "districts"))).toBe(true);
    const r = await runOn<HeliosResult>(
      "helios",
      sample.id,
      "Who is the superintendent of Oak Hollow Elementary?",
      "local",
      {},
      createRecorder(),
    );
    expect(r.answer.text).toContain("James Whitfield");
  });

  it("ships the same passages in public/samples for people to upload themselves", () => {
    const committed = fs.readFileSync(path.resolve("public/samples/riverbend-districts.jsonl"), "utf8");
    expect(committed).toBe(samplePassagesJsonl(generateSamplePassages(generateSample())));
  });
});
