import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../..");

describe("process-wide state", () => {
  it("lives only in processSingleton: no other server module touches globalThis", () => {
    const files = execFileSync("git", ["ls-files", "lib/server"], { cwd: ROOT, encoding: "utf8" })
      .split("\n")
      .filter((f) => /\.ts$/.test(f) && !f.endsWith(".test.ts") && f !== "lib/server/process/singleton.ts");
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => /\bglobalThis\b/.test(readFileSync(path.join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
