import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LINK_FEATURES } from "@/lib/core/reasoner/schema/linking/features";
import { resetModelCache, verifyModels } from "./load-model";
import { schemaLinker } from "./schema-linker";

const d = LINK_FEATURES.length;
const good = {
  kind: "logistic-regression",
  features: [...LINK_FEATURES],
  mean: new Array(d).fill(0),
  scale: new Array(d).fill(1),
  weights: new Array(d).fill(0.1),
  bias: -1,
  cut: 0.3,
};

function writeModel(dir: string, weights: unknown, tamper = false): void {
  const bytes = Buffer.from(JSON.stringify(weights));
  writeFileSync(path.join(dir, "schema-linker.json"), tamper ? Buffer.concat([bytes, Buffer.from(" ")]) : bytes);
  const entry = {
    file: "schema-linker.json",
    sha256: createHash("sha256").update(bytes).digest("hex"),
    bytes: bytes.length,
    description: "t",
    seed: 1,
    features: [],
    sources: [],
    metrics: {},
    trainSeconds: 0,
  };
  writeFileSync(
    path.join(dir, "manifest.json"),
    JSON.stringify({ format: "tablesight.models", version: 1, models: { "schema-linker": entry } }),
  );
}

describe("schemaLinker loading", () => {
  let dir: string;
  const before = process.env.MODELS_DIR;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "models-"));
    process.env.MODELS_DIR = dir;
    resetModelCache();
  });
  afterEach(() => {
    if (before === undefined) delete process.env.MODELS_DIR;
    else process.env.MODELS_DIR = before;
    resetModelCache();
    rmSync(dir, { recursive: true, force: true });
  });

  it("loads checked weights into a working linker", () => {
    writeModel(dir, good);
    const linker = schemaLinker();
    expect(linker.cut).toBe(0.3);
    expect(
      linker.link(
        "age of singers",
        [{ table: "singer", column: "Age", name: "Age", type: "integer", isPrimaryKey: false }],
        [],
      ),
    ).toHaveLength(1);
  });

  it("says the manifest is missing and how to rebuild it", () => {
    expect(() => schemaLinker()).toThrow(/manifest\.json is missing.*npm run train/);
  });

  it("refuses an altered file at start", () => {
    writeModel(dir, good, true);
    expect(() => verifyModels()).toThrow(/does not match its manifest checksum/);
  });

  it("refuses weights of another shape or feature set", () => {
    writeModel(dir, { ...good, kind: "tree" });
    expect(() => schemaLinker()).toThrow(/wrong shape/);
    resetModelCache();
    writeModel(dir, { ...good, features: ["a"], mean: [0], scale: [1], weights: [1] });
    expect(() => schemaLinker()).toThrow(/other features/);
  });
});
