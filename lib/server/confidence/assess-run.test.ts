import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONFIDENCE_FEATURES } from "@/lib/core/reasoner/verdict";
import { resetModelCache } from "@/lib/server/models/load-model";
import { confidenceModel, withoutFinalLimit } from "./assess-run";

afterEach(() => {
  delete process.env.MODELS_DIR;
  resetModelCache();
});

describe("the verdict glue", () => {
  it("strips only the final row cap, so the COUNT sees every row the query would give", () => {
    expect(withoutFinalLimit(`SELECT a FROM t WHERE b = 1 LIMIT 200`)).toBe("SELECT a FROM t WHERE b = 1");
    expect(withoutFinalLimit(`SELECT a FROM t ORDER BY a LIMIT 200 OFFSET 5;`)).toBe("SELECT a FROM t ORDER BY a");
    expect(withoutFinalLimit(`SELECT a FROM t WHERE a IN (SELECT b FROM u LIMIT 3)`)).toBeNull();
  });

  it("loads the trained model, and falls back to the strict untrained one when none is listed", () => {
    const trained = confidenceModel();
    expect(trained.features).toEqual([...CONFIDENCE_FEATURES]);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "models-"));
    fs.writeFileSync(
      path.join(empty, "manifest.json"),
      JSON.stringify({ format: "tablesight.models", version: 1, models: {} }),
    );
    process.env.MODELS_DIR = empty;
    resetModelCache();
    const fallback = confidenceModel();
    expect(fallback.thresholds.answered).toBeGreaterThan(fallback.thresholds.unsure);
    expect(fallback.isotonic.x).toEqual([]);
  });
});
