import { afterEach, describe, expect, it } from "vitest";
import { apiAccessDenied } from "./access";
import { handle } from "./errors";

const TOKEN = "unit-token-0123456789abcdef";
const get = (headers: Record<string, string> = {}) => new Request("http://x/api/datasets", { headers });

describe("API access", () => {
  afterEach(() => {
    delete process.env.HOST;
    delete process.env.TABLESIGHT_TOKEN;
  });

  it("lets everything through on loopback without a token", () => {
    expect(apiAccessDenied(get())).toBeNull();
  });

  it("bound elsewhere, every handle()d route answers 401 without the token and runs with it", async () => {
    process.env.HOST = "0.0.0.0";
    process.env.TABLESIGHT_TOKEN = TOKEN;
    let ran = 0;
    const route = handle(async (_req: Request) => {
      ran++;
      return Response.json({ ok: true });
    });
    const denied = await route(get());
    expect(denied.status).toBe(401);
    expect((await denied.json()).error.code).toBe("unauthorized");
    expect(ran).toBe(0);
    expect((await route(get({ authorization: `Bearer ${TOKEN}` }))).status).toBe(200);
    expect((await route(get({ cookie: `other=1; tablesight_token=${TOKEN}` }))).status).toBe(200);
    expect(ran).toBe(2);
  });

  it("bound elsewhere without a token, the API refuses to serve", async () => {
    process.env.HOST = "0.0.0.0";
    const res = apiAccessDenied(get({ authorization: "Bearer anything-anything" }));
    expect(res?.status).toBe(503);
  });
});
