import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The code rules every file is held to (docs/ARCHITECTURE.md): lines of at most 120 characters, files of at
// most 250 lines. Characters are Unicode code points, so "→" counts once, as an editor shows it.
const MAX_LINE_CHARS = 120;
const MAX_FILE_LINES = 250;
const ROOT = path.resolve(__dirname, "../..");
const CODE_FILE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const EXEMPT = [
  // The hostile-input corpus must stay byte for byte as written.
  "lib/server/ingest/corpus/files/",
  // Trained weights and generated migrations are not written by hand.
  "models/",
  "db/migrations/",
];

function codeFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0");
  return listed.filter((f) => CODE_FILE.test(f) && !EXEMPT.some((e) => f.startsWith(e)));
}

/** Lines over the width limit as "path:line (n chars)", and files over the length limit as "path (n lines)". */
function shapeViolations(files: readonly string[], read: (file: string) => string) {
  const longLines: string[] = [];
  const longFiles: string[] = [];
  for (const file of files) {
    const lines = read(file).split("\n");
    if (lines.at(-1) === "") lines.pop();
    lines.forEach((line, i) => {
      const chars = [...line].length;
      if (chars > MAX_LINE_CHARS) longLines.push(`${file}:${i + 1} (${chars} chars)`);
    });
    if (lines.length > MAX_FILE_LINES) longFiles.push(`${file} (${lines.length} lines)`);
  }
  return { longLines, longFiles };
}

describe("code shape", () => {
  const files = codeFiles().filter((f) => {
    try {
      readFileSync(path.join(ROOT, f));
      return true;
    } catch {
      return false; // deleted in the work tree but not yet in the index
    }
  });
  const { longLines, longFiles } = shapeViolations(files, (f) => readFileSync(path.join(ROOT, f), "utf8"));

  it("finds the code files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it(`has no line over ${MAX_LINE_CHARS} characters`, () => {
    expect(longLines).toEqual([]);
  });

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    expect(longFiles).toEqual([]);
  });

  it("counts a 121-character line and a 251-line file", () => {
    const wide = "x".repeat(MAX_LINE_CHARS + 1);
    const long = Array.from({ length: MAX_FILE_LINES + 1 }, () => "x").join("\n");
    const found = shapeViolations(["wide.ts", "long.ts", "ok.ts"], (f) =>
      f === "wide.ts" ? wide : f === "long.ts" ? long : `${"→".repeat(MAX_LINE_CHARS)}\n`,
    );
    expect(found).toEqual({ longLines: ["wide.ts:1 (121 chars)"], longFiles: ["long.ts (251 lines)"] });
  });
});
