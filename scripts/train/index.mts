// `npm run train [-- name ...]`: rebuilds the local reasoner's models from training data only
// (spider_train, hybridqa_train, WTQ training.tsv and the tune splits; SPLITS.md), deterministically
// (fixed seed), into models/ with a manifest of sources, features and tune metrics.
// Every module in scripts/train/trainers/ default-exports a Trainer (trainer.mts).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { modelsManifestSchema, type ModelsManifest } from "../../lib/core/model/models-manifest.ts";
import { sharedDatasets } from "../eval/datasets.mts";
import type { Trainer } from "./trainer.mts";

register("../eval/cjs-hook.mjs", import.meta.url);

const SEED = 20261124;
const modelsDir = path.resolve(process.cwd(), "models");
const trainersDir = path.join(import.meta.dirname, "trainers");

async function loadTrainers(): Promise<Trainer[]> {
  const files = readdirSync(trainersDir)
    .filter((f) => f.endsWith(".mts") && !f.includes(".test."))
    .sort();
  const trainers: Trainer[] = [];
  for (const f of files)
    trainers.push((await import(pathToFileURL(path.join(trainersDir, f)).href)).default as Trainer);
  return trainers;
}

/** Trainers in an order where each comes after the ones it needs. */
function ordered(trainers: Trainer[]): Trainer[] {
  const byName = new Map(trainers.map((t) => [t.name, t]));
  const out: Trainer[] = [];
  const seen = new Set<string>();
  const visit = (t: Trainer, stack: string[]) => {
    if (seen.has(t.name)) return;
    if (stack.includes(t.name))
      throw new Error(`trainers depend on each other in a cycle: ${[...stack, t.name].join(" → ")}`);
    for (const dep of t.after ?? []) {
      // A dependency that is not (yet) a trainer is skipped: the dependant trains on what exists.
      const d = byName.get(dep);
      if (d) visit(d, [...stack, t.name]);
    }
    seen.add(t.name);
    out.push(t);
  };
  for (const t of trainers) visit(t, []);
  return out;
}

/** The manifest to add to: a fresh one only when there is none (a malformed one stops training: no entry is lost). */
function readManifest(): ModelsManifest {
  const file = path.join(modelsDir, "manifest.json");
  if (!existsSync(file)) return { format: "tablesight.models", version: 1, models: {} };
  return modelsManifestSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

const only = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const all = ordered(await loadTrainers());
const chosen = only.length ? all.filter((t) => only.includes(t.name)) : all;
if (only.length && chosen.length !== only.length) {
  console.error(`unknown trainer; choose from: ${all.map((t) => t.name).join(", ")}`);
  process.exit(2);
}
const manifest = readManifest();
const started = performance.now();
for (const trainer of chosen) {
  const t0 = performance.now();
  const log = (m: string) => console.error(`[train ${trainer.name}] ${m}`);
  log("training…");
  const out = await trainer.train({ seed: SEED, datasets: sharedDatasets(), modelsDir, log });
  const file = `${trainer.name}.json`;
  const bytes = Buffer.from(JSON.stringify(out.weights));
  writeFileSync(path.join(modelsDir, file), bytes);
  manifest.models[trainer.name] = {
    file,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    bytes: bytes.length,
    description: out.description,
    seed: SEED,
    features: out.features,
    sources: out.sources,
    metrics: out.metrics,
    trainSeconds: Math.round((performance.now() - t0) / 100) / 10,
  };
  // Written after every model, so an interrupted run leaves a manifest that matches the files.
  const sorted = Object.fromEntries(Object.entries(manifest.models).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path.join(modelsDir, "manifest.json"), `${JSON.stringify({ ...manifest, models: sorted }, null, 2)}\n`);
  log(`done in ${manifest.models[trainer.name].trainSeconds} s, ${bytes.length} bytes, ${JSON.stringify(out.metrics)}`);
}
console.error(`trained ${chosen.length} model(s) in ${Math.round((performance.now() - started) / 1000)} s`);
