import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";

// Every API route must pass the one guard in handle(): this walks app/api/**/route.ts, so a new
// route that forgets it fails here rather than in a security review.
useTempDataDir();
const { isGuardedHandler } = await import("./errors");

const API_DIR = path.resolve("app/api");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const files = routeFiles(API_DIR);
const modules = await Promise.all(
  files.map(async (file) => ({
    route: path.relative(API_DIR, file),
    exports: (await import(file)) as Record<string, unknown>,
  })),
);
const handlers = modules.flatMap(({ route, exports }) =>
  METHODS.filter((m) => m in exports).map((method) => ({ route, method, fn: exports[method] })),
);
const ctx = { params: Promise.resolve({ id: "x", table: "x", uploadId: "x" }) } as never;

describe("every API route goes through handle()", () => {
  it("finds the routes", () => {
    expect(files.length).toBeGreaterThan(15);
    expect(handlers.filter((h) => h.method !== "GET").length).toBeGreaterThan(8);
  });

  it.each(handlers.map((h) => [`${h.method} ${h.route}`, h] as const))("%s is wrapped", (_name, { fn }) => {
    expect(isGuardedHandler(fn)).toBe(true);
  });

  it.each(handlers.map((h) => [`${h.method} ${h.route}`, h] as const))(
    "%s refuses a foreign Host and a cross-site change",
    async (_name, { method, fn }) => {
      const call = fn as (request: Request, context: never) => Promise<Response>;
      const rebound = await call(
        new Request("http://attacker.example:3000/api", { method, headers: { host: "attacker.example:3000" } }),
        ctx,
      );
      expect(rebound.status).toBe(403);
      if (method === "GET") return;
      const headers = { host: "127.0.0.1:3000", origin: "http://evil.example", "sec-fetch-site": "cross-site" };
      const crossSite = await call(new Request("http://127.0.0.1:3000/api", { method, headers }), ctx);
      expect(crossSite.status).toBe(403);
      expect((await crossSite.json()).error.code).toBe("cross_site_refused");
    },
  );

  it("route files read JSON bodies only through readJsonBody (which insists on application/json)", () => {
    const direct = files.filter((file) =>
      /\.json\(\)/.test(fs.readFileSync(file, "utf8").replace(/Response\.json\(|res\.json\(\)/g, "")),
    );
    expect(direct.map((f) => path.relative(API_DIR, f))).toEqual([]);
  });
});
