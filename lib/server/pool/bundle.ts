// Bundles the worker entries (typed TypeScript) into plain ESM files a worker thread or child
// process can start: at `next build` (next.config.ts ships them to .next/workers) and, in
// development, tests and scripts, on first use into a cache keyed by the sources' state.
// No "server-only" import here: next.config.ts loads this file outside the server bundle.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The worker entries: their bundle name and their source, relative to the project root. */
export const WORKER_ENTRIES = {
  "pool-worker": "lib/server/task-kinds.ts",
  "sql-worker": "lib/server/sql/sql-worker.ts",
  "insert-worker": "lib/server/ingest/insert-worker.ts",
} as const;
export type WorkerEntryName = keyof typeof WORKER_ENTRIES;

/** Where `next build` writes the bundles, inside the build's output directory. */
export const BUILT_WORKERS_DIR = "workers";

type EsbuildApi = typeof import("esbuild");
type Plugin = import("esbuild").Plugin;

/**
 * Packages stay external, imported by Node's ESM loader at run time. A deep import into a package
 * without an "exports" map (`graphology-shortest-path/dijkstra`) resolves for a bundler but not for
 * that loader, which wants the file's extension: such imports are rewritten to the file they mean.
 */
function esmDeepImports(projectDir: string): Plugin {
  const require = createRequire(path.join(projectDir, "package.json"));
  return {
    name: "esm-deep-imports",
    setup(build) {
      build.onResolve({ filter: /^(@[^/]+\/)?[^./@][^/]*\/.+/ }, (args) => {
        const [, scope = "", rest] = /^(@[^/]+\/)?(.*)$/.exec(args.path) ?? [];
        const name = scope + rest.split("/")[0];
        let manifest: { exports?: unknown };
        let file: string;
        try {
          manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8"));
          file = require.resolve(args.path);
        } catch {
          return { path: args.path, external: true };
        }
        if (manifest.exports) return { path: args.path, external: true };
        const root = path.dirname(require.resolve(`${name}/package.json`));
        return { path: `${name}/${path.relative(root, file).split(path.sep).join("/")}`, external: true };
      });
    },
  };
}

const WORKER_BANNER = [
  'import { createRequire as __workerRequire } from "node:module";',
  "const require = __workerRequire(import.meta.url);",
].join(" ");

/** Bundles every entry into `outDir` (one `<name>.mjs` each); packages stay external, imported at run time. */
export async function bundleWorkers(esbuild: EsbuildApi, projectDir: string, outDir: string): Promise<void> {
  rmSync(outDir, { recursive: true, force: true }); // chunks of an earlier build must not linger
  await esbuild.build({
    absWorkingDir: projectDir,
    entryPoints: Object.entries(WORKER_ENTRIES).map(([out, src]) => ({ out, in: src })),
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    plugins: [esmDeepImports(projectDir)],
    sourcemap: "linked",
    logLevel: "warning",
    tsconfig: path.join(projectDir, "tsconfig.json"),
    // "server-only" guards the server bundle from client imports; a worker is server code.
    alias: { "server-only": path.join(projectDir, "lib/server/pool/server-only-empty.ts") },
    // Bundled modules that still load a package with require() (createRequire) keep working in ESM.
    banner: { js: WORKER_BANNER },
  });
}

/** Newest modification time and file count under the source folders the entries import from. */
function sourceStamp(projectDir: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|json)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        const s = statSync(/*turbopackIgnore: true*/ full);
        hash.update(`${full}:${s.size}:${s.mtimeMs}\n`);
      }
    }
  };
  for (const dir of ["lib", "db"]) {
    const root = path.join(/*turbopackIgnore: true*/ projectDir, dir);
    if (existsSync(/*turbopackIgnore: true*/ root)) walk(root);
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The bundles for running from source (tsx scripts, vitest, next dev): built once per state of the
 * sources into node_modules/.cache, written to a temporary folder and renamed into place so that
 * processes starting together never read a half-written bundle.
 */
export async function sourceWorkersDir(projectDir: string, esbuild: EsbuildApi): Promise<string> {
  const root = path.join(projectDir, "node_modules", ".cache", "tablesight-workers");
  const dir = path.join(root, sourceStamp(projectDir));
  if (existsSync(path.join(dir, "done"))) return dir;
  mkdirSync(root, { recursive: true });
  const tmp = `${dir}.${process.pid}.${Date.now()}.tmp`;
  await bundleWorkers(esbuild, projectDir, tmp);
  mkdirSync(path.join(tmp, "done"));
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another process finished first
  }
  pruneOldBundles(root, dir);
  return dir;
}

/** Keeps the few newest bundles of earlier source states (other processes may still run them). */
function pruneOldBundles(root: string, keep: string): void {
  const old = readdirSync(/*turbopackIgnore: true*/ root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && path.join(root, d.name) !== keep)
    .map((d) => ({
      dir: path.join(root, d.name),
      at: statSync(/*turbopackIgnore: true*/ path.join(root, d.name)).mtimeMs,
    }))
    .sort((a, b) => b.at - a.at);
  for (const { dir } of old.slice(3)) rmSync(dir, { recursive: true, force: true });
}
