import { describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

useTempDataDir();
process.env.SEED_SAMPLE = "1";
const { seedSampleIfNeeded, SAMPLE_NAME } = await import("@/lib/server/startup");
const { listDatasets, getDataset } = await import("@/lib/server/stores/datasets");

describe("sample dataset", () => {
  it("is imported once with its keys and its merged-header sheet", async () => {
    await seedSampleIfNeeded();
    await seedSampleIfNeeded();
    const all = await listDatasets();
    expect(all.map((d) => d.name)).toEqual([SAMPLE_NAME]);
    const detail = await getDataset(all[0].id);
    const names = detail!.tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["counties", "districts", "schools", "satscores", "Enrollment by band"]));
    const sat = detail!.tables.find((t) => t.name === "satscores")!;
    expect(sat.foreignKeys).toEqual([{ columns: ["cds"], refTable: "schools", refColumns: ["cds_code"] }]);
    const sheet = detail!.tables.find((t) => t.name === "Enrollment by band")!;
    expect(sheet.layout?.headerRows).toHaveLength(2);
    expect(sheet.columns.map((c) => c.name)).toContain("2022-23 / Elementary");
    expect(sheet.columns.find((c) => c.name === "District")?.type).toBe("text");
  });
});
