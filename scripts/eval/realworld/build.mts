// `npm run eval -- realworld-build [--force]`: fetches the realworld suite's sources, converts them
// into bench-data/realworld/ (git-ignored), computes every question's gold answer and writes the
// questions the suite runs. `--suite realworld` calls ensureRealworldBuilt() first, which rebuilds
// only when the sources, questions or converter code changed.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildDataset, type BuiltDataset, RECIPES, type SourceFiles } from "./datasets/index.mts";
import {
  type BuiltQuestion,
  buildQuestions,
  readJsonl,
  SPLITS,
  type Split,
  splitProblems,
  type WrittenQuestion,
} from "./gold.mts";
import { fetchSource, loadSources, sha256 } from "./sources.mts";

const HERE = import.meta.dirname;

/** Where the suite's built data lives (REALWORLD_CACHE overrides). */
export function realworldCache(): string {
  return path.resolve(process.env.REALWORLD_CACHE ?? path.join(process.cwd(), "bench-data", "realworld"));
}

const writtenFile = (split: Split) => path.join(HERE, `questions.${split}.jsonl`);
export const builtQuestionsFile = (root: string, split: Split) => path.join(root, `questions.${split}.jsonl`);
export const builtParaphrasesFile = (root: string, split: Split) => path.join(root, `paraphrases.${split}.jsonl`);

/** A digest of everything a build depends on: manifest, questions, paraphrases and this folder's code. */
function buildStamp(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(mts|json|jsonl)$/.test(e.name) && !e.name.endsWith(".test.ts")) files.push(p);
    }
  };
  walk(HERE);
  return sha256(files.map((f) => `${path.relative(HERE, f)}\n${readFileSync(f, "utf8")}`).join("\0"));
}

/** A digest of one dataset's inputs: its sources' pinned files and the converter code. */
function datasetStamp(name: string, sourceIds: readonly string[]): string {
  const sources = loadSources().filter((s) => sourceIds.includes(s.id));
  return sha256(JSON.stringify({ name, sources: sources.map((s) => s.files), code: codeDigest() }));
}

function codeDigest(): string {
  const dirs = [path.join(HERE, "convert"), path.join(HERE, "datasets")];
  const files = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith(".mts"))
      .map((f) => path.join(d, f)),
  );
  return sha256(
    files
      .sort()
      .map((f) => readFileSync(f, "utf8"))
      .join("\0"),
  );
}

function builtFilesExist(root: string, built: BuiltDataset): boolean {
  const data = path.join(root, "data");
  const files = built.kind === "sqlite" ? [`${built.db}.sqlite`] : built.files;
  // A stamp from before references were stored relative to the root names an absolute path: rebuild.
  if (path.isAbsolute(built.reference)) return false;
  return existsSync(path.join(root, built.reference)) && files.every((f) => existsSync(path.join(data, f)));
}

/** Writes `file` through a temporary file and a rename, so a reader never sees it half written. */
function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

type Paraphrase = { id: string; seed_id: string; question: string };

/** Builds datasets and questions into `root`; throws listing every problem found in the questions. */
export async function buildRealworld(root = realworldCache()): Promise<{ datasets: BuiltDataset[] }> {
  mkdirSync(root, { recursive: true });
  const downloads = path.join(root, "downloads");
  mkdirSync(downloads, { recursive: true });
  const files: SourceFiles = {};
  for (const source of loadSources()) {
    console.error(`realworld: fetching ${source.id}`);
    files[source.id] = await fetchSource(source, downloads);
  }
  const datasets = new Map<string, BuiltDataset>();
  const stampsFile = path.join(root, "datasets-stamp.json");
  const stamps: Record<string, { stamp: string; built: BuiltDataset }> = existsSync(stampsFile)
    ? JSON.parse(readFileSync(stampsFile, "utf8"))
    : {};
  for (const recipe of RECIPES) {
    // A dataset unchanged since its last build keeps its files (and so its import in the app's cache).
    const stamp = datasetStamp(recipe.name, recipe.sources);
    const prior = stamps[recipe.name];
    let built = prior?.built;
    if (!(prior?.stamp === stamp && built && builtFilesExist(root, built))) {
      console.error(`realworld: building ${recipe.name}`);
      built = buildDataset(recipe, files, root);
      stamps[recipe.name] = { stamp, built };
      writeAtomically(stampsFile, JSON.stringify(stamps, null, 1));
    }
    datasets.set(recipe.name, { ...built, reference: path.join(root, built.reference) });
  }
  const written = Object.fromEntries(SPLITS.map((s) => [s, readJsonl<WrittenQuestion>(writtenFile(s))])) as Record<
    Split,
    WrittenQuestion[]
  >;
  const problems = splitProblems(written);
  const built = {} as Record<Split, BuiltQuestion[]>;
  for (const split of SPLITS) {
    const r = buildQuestions(written[split], split, datasets);
    problems.push(...r.problems);
    built[split] = r.questions;
  }
  const paraphrases = readJsonl<Paraphrase>(path.join(HERE, "paraphrases.jsonl"));
  const seeds = new Map(SPLITS.flatMap((s) => built[s]).map((q) => [q.id, q]));
  const builtParaphrases = Object.fromEntries(SPLITS.map((s) => [s, []])) as unknown as Record<Split, BuiltQuestion[]>;
  for (const p of paraphrases) {
    const seed = seeds.get(p.seed_id);
    if (!seed) problems.push(`paraphrase ${p.id}: no question ${p.seed_id}`);
    else if (seeds.has(p.id)) problems.push(`paraphrase ${p.id}: the id of a question`);
    else if (seed.split === "fresh") problems.push(`paraphrase ${p.id}: a fresh question is asked once, as written`);
    else builtParaphrases[seed.split].push({ ...seed, id: p.id, question: p.question, seed_id: p.seed_id });
  }
  if (problems.length) throw new Error(`realworld questions have problems:\n  ${problems.join("\n  ")}`);
  const jsonl = (qs: BuiltQuestion[]) => qs.map((q) => JSON.stringify(q)).join("\n") + (qs.length ? "\n" : "");
  for (const split of SPLITS) {
    writeAtomically(builtQuestionsFile(root, split), jsonl(built[split]));
    writeAtomically(builtParaphrasesFile(root, split), jsonl(builtParaphrases[split]));
  }
  writeAtomically(path.join(root, "build-stamp.json"), JSON.stringify({ stamp: buildStamp() }, null, 1));
  return { datasets: [...datasets.values()] };
}

/** Builds the cache unless it is complete and built from the current sources, questions and code. */
export async function ensureRealworldBuilt(root = realworldCache()): Promise<void> {
  const stampFile = path.join(root, "build-stamp.json");
  const fresh =
    existsSync(stampFile) &&
    SPLITS.every((s) => existsSync(builtQuestionsFile(root, s))) &&
    (JSON.parse(readFileSync(stampFile, "utf8")) as { stamp: string }).stamp === buildStamp();
  if (!fresh) await buildRealworld(root);
}

/** The command: `realworld-build [--force] [--root DIR] [--mirrors DIR[:DIR]]`. */
export async function run(args: string[]): Promise<void> {
  const rootAt = args.indexOf("--root");
  const root = rootAt >= 0 ? path.resolve(args[rootAt + 1]) : realworldCache();
  const mirrorsAt = args.indexOf("--mirrors");
  if (mirrorsAt >= 0) process.env.REALWORLD_MIRRORS = args[mirrorsAt + 1];
  try {
    if (args.includes("--force")) await buildRealworld(root);
    else await ensureRealworldBuilt(root);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
    return;
  }
  for (const split of SPLITS) {
    const n = readJsonl(builtQuestionsFile(root, split)).length;
    const p = readJsonl(builtParaphrasesFile(root, split)).length;
    console.log(`${split}: ${n} questions, ${p} paraphrases → ${builtQuestionsFile(root, split)}`);
  }
}
