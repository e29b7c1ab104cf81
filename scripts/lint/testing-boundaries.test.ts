import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Test support lives in `testing/` folders and production code never imports it; lib/ never imports
// app/ (a test that needs a route imports it in the test file itself). The imports are read with the
// TypeScript compiler's own pre-processor (static, `export … from`, dynamic `import()`) and resolved
// with the repository's tsconfig (the `@/` alias).
const ROOT = path.resolve(__dirname, "../..");
const SOURCE = /\.(ts|tsx|mts)$/;
const isTest = (f: string) => /\.(test|spec)\.(ts|tsx|mts)$/.test(f) || f.startsWith("e2e/");
/** Test support: a `testing/` folder, and the hostile-input corpus the ingest tests read (its cases and harness). */
const isTestSupport = (f: string) => f.includes("/testing/") || f.startsWith("lib/server/ingest/corpus/");
const isProduction = (f: string) => /^(app|components|lib)\//.test(f) && !isTest(f) && !isTestSupport(f);

function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  }).split("\0");
  return listed.filter((f) => SOURCE.test(f) && existsSync(path.join(ROOT, f)));
}

/** Every file's imports inside the repository, as repository-relative paths. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const abs = path.join(ROOT, file);
    const { importedFiles } = ts.preProcessFile(readFileSync(abs, "utf8"), true, true);
    const targets: string[] = [];
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, abs, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && !resolved.includes("/node_modules/")) targets.push(path.relative(ROOT, resolved));
    }
    graph.set(file, targets);
  }
  return graph;
}

describe("test support stays out of production", () => {
  const files = sourceFiles();
  const graph = importGraph(files);
  const importersOf = new Map<string, string[]>();
  for (const [from, targets] of graph)
    for (const t of targets) importersOf.set(t, [...(importersOf.get(t) ?? []), from]);

  it("finds the imports it checks (the graph is not empty)", () => {
    expect(graph.get("lib/server/learning/learning-api.test.ts")).toContain(
      "lib/server/learning/testing/learning-kit.ts",
    );
  });

  it("no production file imports a test or a testing/ file", () => {
    const bad = [...graph].flatMap(([from, targets]) =>
      isProduction(from) ? targets.filter((t) => isTest(t) || isTestSupport(t)).map((t) => `${from} → ${t}`) : [],
    );
    expect(bad).toEqual([]);
  });

  it("no file under lib/ but a test imports from app/", () => {
    const bad = [...graph].flatMap(([from, targets]) =>
      from.startsWith("lib/") && !isTest(from)
        ? targets.filter((t) => t.startsWith("app/")).map((t) => `${from} → ${t}`)
        : [],
    );
    expect(bad).toEqual([]);
  });

  it("a file only tests import lives in a testing/ folder", () => {
    const kits = files.filter((f) => {
      const importers = importersOf.get(f) ?? [];
      return (
        /^(components|lib)\//.test(f) &&
        isProduction(f) &&
        importers.length > 0 &&
        importers.every((i) => isTest(i) || isTestSupport(i))
      );
    });
    expect(kits).toEqual([]);
  });
});
