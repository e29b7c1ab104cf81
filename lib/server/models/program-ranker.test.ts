import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetModelCache } from "./load-model";
import { programRanker } from "./program-ranker";

const saved = process.env.MODELS_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.MODELS_DIR;
  else process.env.MODELS_DIR = saved;
  resetModelCache();
});

/** A models/ folder holding `weights` as program-ranker.json with a matching manifest entry. */
function modelsWith(weights: string, manifestSha?: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "models-"));
  writeFileSync(path.join(dir, "program-ranker.json"), weights);
  const sha = manifestSha ?? createHash("sha256").update(weights).digest("hex");
  const entry = {
    file: "program-ranker.json",
    sha256: sha,
    bytes: Buffer.byteLength(weights) || 1,
    description: "test",
    seed: 1,
    features: [],
    sources: [],
    metrics: {},
    trainSeconds: 0,
  };
  writeFileSync(
    path.join(dir, "manifest.json"),
    JSON.stringify({ format: "tablesight.models", version: 1, models: { "program-ranker": entry } }),
  );
  process.env.MODELS_DIR = dir;
  resetModelCache();
  return dir;
}

describe("program ranker weights", () => {
  it("loads well-formed weights", () => {
    modelsWith(
      JSON.stringify({
        format: "tablesight.program-ranker",
        version: 1,
        execute: 3,
        margin: 0,
        static: { bias: 0.5 },
        full: {},
      }),
    );
    expect(programRanker().execute).toBe(3);
  });

  it("refuses weights of the wrong shape with a message that says how to fix it", () => {
    modelsWith(
      JSON.stringify({
        format: "tablesight.program-ranker",
        version: 1,
        execute: 3,
        margin: 0,
        static: { bias: "x" },
        full: {},
      }),
    );
    expect(() => programRanker()).toThrow(/program-ranker.*wrong shape.*npm run train/s);
  });

  it("refuses a file changed after training (checksum) and a missing entry", () => {
    modelsWith("{}", "0".repeat(64));
    expect(() => programRanker()).toThrow(/checksum/);
    const dir = mkdtempSync(path.join(os.tmpdir(), "models-"));
    writeFileSync(
      path.join(dir, "manifest.json"),
      JSON.stringify({ format: "tablesight.models", version: 1, models: {} }),
    );
    process.env.MODELS_DIR = dir;
    resetModelCache();
    expect(() => programRanker()).toThrow(/not listed in models\/manifest.json/);
  });
});
