import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A method folder reads like its paper and imports no other method's files: what two methods
// share lives in lib/core/retrieval, lib/core/reasoner, lib/core/index or lib/core/text.
const root = path.dirname(new URL(import.meta.url).pathname);
const methods = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return filesOf(full);
    return /\.(ts|tsx|mts)$/.test(d.name) ? [full] : [];
  });
}

/** Import specifiers of a source file (static, dynamic, re-exports, vi.mock). */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:from|import|vi\.mock)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);
}

/** The method folder a specifier written in `file` points into, if any. */
function methodOf(spec: string, file: string): string | null {
  let target: string;
  if (spec.startsWith("@/")) target = path.join(root, "../../..", spec.slice(2));
  else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
  else return null;
  const rel = path.relative(root, target);
  if (rel.startsWith("..")) return null;
  return rel.split(path.sep)[0] ?? null;
}

describe("method folders", () => {
  it("finds the four methods", () => {
    expect(methods).toEqual(expect.arrayContaining(["fgtr", "sgam", "graphotter", "helios"]));
  });

  for (const method of methods) {
    it(`${method} imports no other method's files`, () => {
      const crossings = filesOf(path.join(root, method)).flatMap((file) =>
        specifiers(readFileSync(file, "utf8"))
          .filter((spec) => {
            const target = methodOf(spec, file);
            return target !== null && target !== method && methods.includes(target);
          })
          .map((spec) => `${path.relative(root, file)} imports ${spec}`),
      );
      expect(crossings).toEqual([]);
    });
  }

  it("catches a crossing (the check itself can fail)", () => {
    const file = path.join(root, "sgam", "x.ts");
    expect(methodOf("../fgtr/ports", file)).toBe("fgtr");
    expect(methodOf("@/lib/core/methods/helios/reader", file)).toBe("helios");
    expect(methodOf("../../retrieval/ports", file)).toBeNull();
  });
});
