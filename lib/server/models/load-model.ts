import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { modelsManifestSchema, type ModelsManifest } from "@/lib/core/model/models-manifest";

/** A trained model that is missing, altered or malformed: the app refuses to start with it. */
export class ModelLoadError extends Error {
  constructor(model: string, reason: string) {
    super(`Trained model "${model}" could not be loaded: ${reason}. Run \`npm run train\` to rebuild models/.`);
    this.name = "ModelLoadError";
  }
}

/** models/ beside package.json; MODELS_DIR overrides it (tests). */
function modelsDir(): string {
  return process.env.MODELS_DIR ?? path.join(process.cwd(), "models");
}

let manifestCache: { dir: string; manifest: ModelsManifest } | null = null;
// One entry per trained model file (the handful models/manifest.json lists), so bounded by it.
const weightsCache = new Map<string, unknown>();

/** The parsed models/manifest.json. */
export function readModelsManifest(): ModelsManifest {
  const dir = modelsDir();
  if (manifestCache?.dir === dir) return manifestCache.manifest;
  let raw: string;
  try {
    raw = readFileSync(path.join(dir, "manifest.json"), "utf8");
  } catch {
    throw new ModelLoadError("manifest", `${path.join(dir, "manifest.json")} is missing`);
  }
  const parsed = modelsManifestSchema.safeParse(JSON.parse(raw));
  if (!parsed.success)
    throw new ModelLoadError("manifest", `manifest.json is malformed (${parsed.error.issues[0]?.message})`);
  manifestCache = { dir, manifest: parsed.data };
  return parsed.data;
}

/**
 * Loads a trained model's weights, checked against the manifest's sha256 and parsed by the
 * model's own zod schema (from lib/core). Cached after the first load.
 */
export function loadModel<T>(name: string, schema: z.ZodType<T>): T {
  const key = `${modelsDir()}\u0000${name}`;
  if (weightsCache.has(key)) return weightsCache.get(key) as T;
  const entry = readModelsManifest().models[name];
  if (!entry) throw new ModelLoadError(name, "it is not listed in models/manifest.json");
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.join(modelsDir(), entry.file));
  } catch {
    throw new ModelLoadError(name, `models/${entry.file} is missing`);
  }
  const sha = createHash("sha256").update(bytes).digest("hex");
  if (sha !== entry.sha256) throw new ModelLoadError(name, `models/${entry.file} does not match its manifest checksum`);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ModelLoadError(name, `models/${entry.file} is not valid JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ModelLoadError(name, `models/${entry.file} has the wrong shape (${parsed.error.issues[0]?.message})`);
  weightsCache.set(key, parsed.data);
  return parsed.data;
}

/** Checks every model in the manifest at server start (size and checksum), so a bad file fails loudly. */
export function verifyModels(): string[] {
  const manifest = readModelsManifest();
  for (const [name, entry] of Object.entries(manifest.models)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(modelsDir(), entry.file));
    } catch {
      throw new ModelLoadError(name, `models/${entry.file} is missing`);
    }
    if (createHash("sha256").update(bytes).digest("hex") !== entry.sha256) {
      throw new ModelLoadError(name, `models/${entry.file} does not match its manifest checksum`);
    }
  }
  return Object.keys(manifest.models);
}

/** For tests: forget cached manifest and weights. */
export function resetModelCache(): void {
  manifestCache = null;
  weightsCache.clear();
}
