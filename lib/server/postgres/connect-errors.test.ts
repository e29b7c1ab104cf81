import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/lib/server/testing/postgres-server";
import { useTempDataDir } from "@/lib/server/testing/temp-data-dir";
import { jsonRequest } from "./testing/api";
import { READER_PASSWORD, startShopPostgres } from "./testing/shop-fixture";

useTempDataDir();
process.env.TABLESIGHT_SECRET = "test-secret-for-connections";

const { POST: connectRoute, GET: policyRoute } = await import("@/app/api/datasets/connect/route");
const { GET: listRoute } = await import("@/app/api/datasets/route");
const { closePostgresPools } = await import("./pool");
const { closeAppDb } = await import("@/lib/server/db/app-db");

let server: Awaited<ReturnType<typeof startShopPostgres>>;
let silent: net.Server;
let silentPort = 0;

beforeAll(async () => {
  server = await startShopPostgres();
  // A server that accepts connections and never says a word.
  silent = net.createServer(() => {});
  silentPort = await freePort();
  await new Promise<void>((resolve) => silent.listen(silentPort, "127.0.0.1", resolve));
}, 60_000);

afterAll(async () => {
  silent?.close();
  await closePostgresPools();
  closeAppDb();
  await server?.stop();
});

async function connect(url: string, schemas?: string[]) {
  const started = performance.now();
  const res = await connectRoute(jsonRequest("/api/datasets/connect", "POST", { name: "X", url, schemas }));
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text), ms: performance.now() - started };
}

async function datasetCount(): Promise<number> {
  const res = await listRoute();
  expect(res.status).toBe(200);
  return ((await res.json()).datasets as unknown[]).length;
}

const cases: Array<[string, () => string, string, RegExp, string[]?]> = [
  [
    "a wrong password",
    () => server.url({ user: "reader", password: "not-the-password", database: "shop" }),
    "auth_failed",
    /Password authentication failed for user "reader"/,
  ],
  [
    "an unknown host",
    () => `postgresql://reader:${encodeURIComponent(READER_PASSWORD)}@no-such-host.invalid:5432/shop`,
    "unknown_host",
    /Unknown host "no-such-host\.invalid"/,
  ],
  ["a refused port", () => `postgresql://reader:pw@127.0.0.1:${server.port + 1}/shop`, "refused", /refused/],
  ["a server that never answers", () => `postgresql://reader:pw@127.0.0.1:${silentPort}/shop`, "timeout", /answer/],
  [
    "a user without SELECT rights",
    () => server.url({ user: "outsider", password: "outsider-pw", database: "shop" }),
    "no_privilege",
    /no SELECT right/,
  ],
  ["a schema that does not exist", () => server.readerUrl(), "no_schema", /"nope" does not exist/, ["nope"]],
  [
    "a database that does not exist",
    () => server.readerUrl("no_such_db"),
    "no_database",
    /Database "no_such_db" does not exist/,
  ],
];

describe("bad connections fail fast, clearly, store nothing, and leave the server working", () => {
  it.each(cases)(
    "%s",
    async (_label, url, code, message, schemas) => {
      const before = await datasetCount();
      const r = await connect(url(), schemas);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.message).toMatch(message);
      expect(r.ms).toBeLessThan(10_000);
      expect(r.text).not.toContain(READER_PASSWORD);
      expect(r.text).not.toContain("not-the-password");
      expect(r.text).not.toContain("outsider-pw");
      expect(await datasetCount()).toBe(before);
    },
    20_000,
  );

  it("still connects a good database after all of them", async () => {
    const r = await connect(server.readerUrl());
    expect(r.status).toBe(201);
  }, 20_000);
});

describe("credentials without TABLESIGHT_SECRET", () => {
  it("allows only environment references, and says so", async () => {
    const secret = process.env.TABLESIGHT_SECRET;
    delete process.env.TABLESIGHT_SECRET;
    try {
      expect(await (await policyRoute()).json()).toEqual({
        secretConfigured: false,
      });
      const refused = await connect(server.readerUrl());
      expect(refused.body.error.code).toBe("secret_missing");
      expect(refused.body.error.message).toMatch(/env:NAME/);
      expect(refused.text).not.toContain(READER_PASSWORD);
      process.env.PGURL_SHOP_TEST = server.readerUrl();
      const byRef = await connect("env:PGURL_SHOP_TEST");
      expect(byRef.status).toBe(201);
      const unset = await connect("env:PGURL_NOT_SET");
      expect(unset.body.error).toMatchObject({ code: "env_unset" });
    } finally {
      process.env.TABLESIGHT_SECRET = secret;
    }
  }, 30_000);
});
