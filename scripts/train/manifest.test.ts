import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modelsManifestSchema } from "@/lib/core/model/models-manifest";
import { sharedDatasets } from "../eval/datasets.mts";
import { reportSplitIds } from "./report-splits.mts";

const manifest = modelsManifestSchema.parse(JSON.parse(readFileSync(path.resolve("models", "manifest.json"), "utf8")));
const haveDatasets = existsSync(path.join(sharedDatasets(), "SPLITS.md"));

describe("trained models' manifest", () => {
  it.skipIf(!haveDatasets)("lists no report-split database, table or question among any model's sources", () => {
    const report = reportSplitIds();
    expect(report.size).toBeGreaterThan(4000);
    for (const [name, entry] of Object.entries(manifest.models)) {
      const leaked = entry.sources.flatMap((s) => s.ids).filter((id) => report.has(id));
      expect(leaked, `${name} was trained on report-split items`).toEqual([]);
    }
  });

  it("names every source with a known id kind", () => {
    const kinds = new RegExp(
      "^(spider-db|bird-db|wtq-table|wtq-question|aitqa-table|hitab-table|wiki-table|" +
        "ottqa-question|hybridqa-question|realworld-db|npm-package|generated-table):",
    );
    for (const entry of Object.values(manifest.models)) {
      for (const s of entry.sources) for (const id of s.ids) expect(id).toMatch(kinds);
    }
  });

  it("keeps the weights within 20 MB in all", () => {
    const total = Object.values(manifest.models).reduce(
      (sum, m) => sum + statSync(path.resolve("models", m.file)).size,
      0,
    );
    expect(total).toBeLessThanOrEqual(20 * 1024 * 1024);
  });
});
