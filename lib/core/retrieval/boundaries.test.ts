import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// lib/core/retrieval holds what methods share (ports, schema documents, cell mapping, SQL pieces,
// run glue); lib/core/reasoner is the local reasoner built on it. The dependency runs one way:
// retrieval may take from the reasoner only types (`import type`), the step contract at the
// reasoner's root (step.ts, run-step.ts, llm-port.ts, …) and the language data (reasoner/lang/).
// The language data itself is data: it imports other language files and types, nothing else.
const core = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const reasoner = path.join(core, "reasoner");

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return filesOf(full);
    return /\.(ts|tsx|mts)$/.test(d.name) && !/\.test\.(ts|mts)$/.test(d.name) ? [full] : [];
  });
}

type Import = { spec: string; typeOnly: boolean };

/** Imports and re-exports of a source file, each marked type-only when it brings in nothing at run time. */
function importsOf(source: string): Import[] {
  const out: Import[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gms)) {
    const names = /\{([^}]*)\}/.exec(m[3])?.[1];
    const allTypes =
      !!names &&
      !/^\s*\w+\s*,/.test(m[3]) &&
      names
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith("type "));
    out.push({ spec: m[4], typeOnly: !!m[2] || allTypes });
  }
  for (const m of source.matchAll(/(?:\bimport|vi\.mock)\s*\(\s*["']([^"']+)["']/g))
    out.push({ spec: m[1], typeOnly: false });
  return out;
}

/** The file or folder a specifier written in `file` points at (null for a package). */
function target(spec: string, file: string): string | null {
  if (spec.startsWith("@/")) return path.join(core, "../..", spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(path.dirname(file), spec);
  return null;
}

const inside = (dir: string, p: string) => !path.relative(dir, p).startsWith("..");

/** Whether retrieval code may import `to` this way. */
function retrievalMayImport(to: string, typeOnly: boolean): boolean {
  if (!inside(reasoner, to) || typeOnly) return true;
  const rel = path.relative(reasoner, to);
  return !rel.includes(path.sep) || rel.startsWith(`lang${path.sep}`);
}

/** Whether a language data file may import `to` this way. */
function langMayImport(to: string, typeOnly: boolean): boolean {
  return typeOnly || inside(path.join(reasoner, "lang"), to);
}

function crossings(dir: string, allowed: (to: string, typeOnly: boolean) => boolean): string[] {
  return filesOf(dir).flatMap((file) =>
    importsOf(readFileSync(file, "utf8")).flatMap(({ spec, typeOnly }) => {
      const to = target(spec, file);
      return to && !allowed(to, typeOnly) ? [`${path.relative(core, file)} imports ${spec}`] : [];
    }),
  );
}

describe("retrieval and the reasoner", () => {
  it("retrieval takes from the reasoner only types, the step contract and the language data", () => {
    expect(filesOf(path.join(core, "retrieval")).length).toBeGreaterThan(10);
    expect(crossings(path.join(core, "retrieval"), retrievalMayImport)).toEqual([]);
  });

  it("the language data imports only language data and types", () => {
    expect(filesOf(path.join(reasoner, "lang", "en")).length).toBeGreaterThan(5);
    expect(crossings(path.join(reasoner, "lang"), langMayImport)).toEqual([]);
  });

  it("catches a crossing (the checks themselves can fail)", () => {
    const planner = path.join(reasoner, "programs", "planner");
    expect(retrievalMayImport(planner, false)).toBe(false);
    expect(retrievalMayImport(planner, true)).toBe(true);
    expect(retrievalMayImport(path.join(reasoner, "run-step"), false)).toBe(true);
    expect(retrievalMayImport(path.join(reasoner, "lang", "en", "lexicon"), false)).toBe(true);
    expect(langMayImport(planner, false)).toBe(false);
    expect(importsOf('import { a, type B } from "../x";\nimport type { C } from "../y";')).toEqual([
      { spec: "../x", typeOnly: false },
      { spec: "../y", typeOnly: true },
    ]);
    expect(importsOf('import { type B } from "../x";\nconst m = await import("../z");')).toEqual([
      { spec: "../x", typeOnly: true },
      { spec: "../z", typeOnly: false },
    ]);
  });
});
