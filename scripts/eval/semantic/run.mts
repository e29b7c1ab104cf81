// `npm run eval -- semantic [--data-dir DIR] [--verbose]`: how well the index infers the semantic model,
// on hand-labelled databases (labels.json): the realworld tune databases and Spider train databases.
// Each is imported and indexed through the app's own path (shared with the other evals' datasets), and
// its stored model is scored: labels, flags (and their true value), dates (and their grain), bridges and
// views (with their base tables), as precision and recall.
import { readFileSync } from "node:fs";
import path from "node:path";
import { emptyScores, pr, scoreModel, type Gold, type Scores } from "./score.mts";

export async function run(argv: string[]): Promise<void> {
  const verbose = argv.includes("--verbose");
  const at = argv.indexOf("--data-dir");
  const { useEvalDataDir, importOnce, sharedDatasets } = await import("../datasets.mts");
  useEvalDataDir(at >= 0 ? argv[at + 1] : null);
  const { realworldCache, ensureRealworldBuilt } = await import("../realworld/build.mts");
  const { currentGeneration } = await import("../../../lib/server/index/generations.ts");
  const { runIndexing } = await import("../../../lib/server/index/pipeline.ts");
  const { readSemanticModel } = await import("../../../lib/server/semantic/store.ts");
  const { SEMANTIC_INFERENCE_REVISION } = await import("../../../lib/core/index/semantic/index.ts");
  const golds = (
    JSON.parse(readFileSync(path.join(import.meta.dirname, "labels.json"), "utf8")) as { databases: Gold[] }
  ).databases;
  if (golds.some((g) => g.source === "realworld")) await ensureRealworldBuilt();
  const data = path.join(realworldCache(), "data");
  const bySource: Record<string, Scores> = { realworld: emptyScores(), spider_train: emptyScores() };
  for (const g of golds) {
    let id: string;
    if (g.source === "spider_train") {
      const file = path.join(sharedDatasets(), "spider_train", "databases", g.db!, `${g.db}.sqlite`);
      id = await importOnce(`spider-train:${g.db}`, [{ name: `${g.db}.sqlite`, path: file }], g.db!);
    } else if (g.db) {
      const file = path.join(data, `${g.db}.sqlite`);
      id = await importOnce(`external:db:${file}`, [{ name: path.basename(file), path: file }], g.db);
    } else {
      const files = g.files!.map((f) => path.join(data, f));
      id = await importOnce(
        `external:files:${[...files].sort().join("|")}`,
        files.map((f) => ({ name: path.basename(f), path: f })),
        g.id,
      );
    }
    let generation = await currentGeneration(id);
    let model = generation === null ? null : await readSemanticModel(id, generation);
    // A model from older inference rules (or none): index again, as a user's re-index would.
    if (model?.inference !== SEMANTIC_INFERENCE_REVISION) {
      await runIndexing(id);
      generation = await currentGeneration(id);
      model = generation === null ? null : await readSemanticModel(id, generation);
    }
    if (!model) {
      console.error(`${g.id}: no semantic model`);
      continue;
    }
    const before = bySource[g.source].misses.length;
    scoreModel(g, model, bySource[g.source]);
    if (verbose) for (const m of bySource[g.source].misses.slice(before)) console.log(`  ${m}`);
  }
  const rows: Array<Record<string, unknown>> = [];
  for (const [source, s] of Object.entries(bySource)) {
    for (const kind of ["labels", "flags", "dates", "bridges", "views"] as const)
      rows.push({ source, fact: kind, ...s[kind], ...pr(s[kind]) });
    rows.push({ source, fact: "flag true value", right: s.flagValue.right, of: s.flagValue.of });
    rows.push({ source, fact: "date grain", right: s.grain.right, of: s.grain.of });
  }
  console.table(rows);
  const { closeSqlPool } = await import("../../../lib/server/sql/index.ts");
  closeSqlPool();
  const { closeAppDb } = await import("../../../lib/server/db/app-db.ts");
  await closeAppDb();
  console.log(
    JSON.stringify(
      Object.fromEntries(
        Object.entries(bySource).map(([k, s]) => [
          k,
          Object.fromEntries(
            (["labels", "flags", "dates", "bridges", "views"] as const).map((f) => [f, { ...s[f], ...pr(s[f]) }]),
          ),
        ]),
      ),
    ),
  );
}
