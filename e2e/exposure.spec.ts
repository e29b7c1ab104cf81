import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { E2E_BASE_PORT, freshDataDir, startApp, type AppProcess } from "./fixtures/app-process";

// The default server (playwright.config.ts) binds 127.0.0.1 with no token; a server bound to
// another address must demand TABLESIGHT_TOKEN on every API call and page.
const TOKEN = "e2e-token-0123456789abcdef";
const EXPOSED_HOST = "127.0.0.2"; // not 127.0.0.1, so "elsewhere", yet traffic stays on this machine

test("on 127.0.0.1 (the default) the API and pages need no token", async ({ request, page }) => {
  expect((await request.get("/api/datasets")).status()).toBe(200);
  await page.goto("/");
  await expect(page.getByTestId("dataset-row").first()).toBeVisible();
});

test("refuses to start on another address without a token", () => {
  const run = spawnSync(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, HOST: "0.0.0.0", PORT: String(E2E_BASE_PORT + 59), TABLESIGHT_TOKEN: "" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("TABLESIGHT_TOKEN");
});

test.describe("bound elsewhere with a token", () => {
  let app: AppProcess;
  test.beforeAll(async () => {
    app = await startApp({
      port: E2E_BASE_PORT + 50,
      host: EXPOSED_HOST,
      dataDir: freshDataDir("exposed"),
      env: { TABLESIGHT_TOKEN: TOKEN, AUTO_INDEX: "0" },
    });
  });
  test.afterAll(async () => app?.kill());

  test("every API call needs the token", async ({ request }) => {
    const anonymous = await request.get(`${app.url}/api/datasets`);
    expect(anonymous.status()).toBe(401);
    expect((await anonymous.json()).error.code).toBe("unauthorized");
    expect(
      (
        await request.get(`${app.url}/api/datasets`, { headers: { authorization: "Bearer wrong-token-wrong-token" } })
      ).status(),
    ).toBe(401);
    expect(
      (
        await request.post(`${app.url}/api/datasets`, {
          multipart: { files: { name: "a.csv", mimeType: "text/csv", buffer: Buffer.from("a\n1\n") } },
        })
      ).status(),
    ).toBe(401);
    const ok = await request.get(`${app.url}/api/datasets`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status()).toBe(200);
    expect((await request.get(`${app.url}/api/datasets`, { headers: { "x-tablesight-token": TOKEN } })).status()).toBe(
      200,
    );
  });

  test("an upload over 10 MB still arrives whole when the token is checked", async ({ request }) => {
    const rows = ["id,name,score"];
    for (let i = 0; i < 400_000; i++) rows.push(`${i},name number ${i},${i % 100}`);
    const buffer = Buffer.from(rows.join("\n") + "\n");
    expect(buffer.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await request.post(`${app.url}/api/datasets`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      multipart: { files: { name: "big.csv", mimeType: "text/csv", buffer } },
      timeout: 120_000,
    });
    expect(res.status()).toBe(201);
    expect((await res.json()).tables[0].rowCount).toBe(400_000);
  });

  test("pages need it too; ?token= once keeps it in a cookie", async ({ page }) => {
    const denied = await page.goto(`${app.url}/`);
    expect(denied?.status()).toBe(401);
    await expect(page.getByTestId("token-required")).toBeVisible();
    await page.goto(`${app.url}/?token=${TOKEN}`);
    expect(new URL(page.url()).searchParams.has("token"), "the token leaves the address bar").toBe(false);
    await expect(page.getByTestId("dataset-row").first()).toBeVisible();
    await page.getByTestId("dataset-row").first().getByRole("link").first().click();
    await expect(page.getByTestId("grid-row").first()).toBeVisible();
  });
});
