import "server-only";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { processSingleton } from "@/lib/server/process/singleton";
import { BUILT_WORKERS_DIR, sourceWorkersDir, type WorkerEntryName } from "./bundle";

/**
 * The project's root: where `next start`, `npm run` scripts and vitest run. The built workers live
 * in its .next folder; WORKERS_DIR points elsewhere (a deployment that moved the build).
 */
const projectDir = () => /*turbopackIgnore: true*/ process.cwd();

/** Whether this process runs the production build (`next start`), whose workers were bundled by `next build`. */
function runsBuiltApp(): boolean {
  return process.env.NEXT_RUNTIME === "nodejs" && process.env.NODE_ENV === "production";
}

/**
 * The file a pool starts for a worker entry: the bundle `next build` shipped, or (tsx scripts,
 * vitest, next dev) one bundled from the TypeScript sources on first use.
 */
export async function workerEntryFile(name: WorkerEntryName): Promise<string> {
  const holder = processSingleton("workerEntriesDir", (): { dir?: Promise<string> } => ({}));
  holder.dir ??= findEntriesDir().catch((err: unknown) => {
    holder.dir = undefined; // a failed bundle (a syntax error while developing) is retried next time
    throw err;
  });
  return path.join(await holder.dir, `${name}.mjs`);
}

async function findEntriesDir(): Promise<string> {
  if (process.env.WORKERS_DIR) return process.env.WORKERS_DIR;
  const built = path.join(projectDir(), ".next", BUILT_WORKERS_DIR);
  if (runsBuiltApp()) {
    if (!existsSync(path.join(built, "pool-worker.mjs")))
      throw new Error(`The worker bundles are missing from ${built}: run \`npm run build\` again.`);
    return built;
  }
  // esbuild is a development dependency: loaded only when running from source.
  const esbuild = createRequire(path.join(projectDir(), "package.json"))("esbuild") as typeof import("esbuild");
  return sourceWorkersDir(projectDir(), esbuild);
}

/** Node flags every worker starts with: server code resolves packages as the server bundle does. */
export const WORKER_EXEC_ARGV = ["--conditions=react-server"];
