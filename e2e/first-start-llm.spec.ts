import { expect, test } from "@playwright/test";
import { HomePage } from "./pages/home-page";

// Runs in the "llm" project: its server starts on an empty data folder with no TABLESIGHT_SECRET in its
// environment, as a first start on a new machine does. The server makes its own secret then, so no page
// may tell the user to set one.
test("a first start without TABLESIGHT_SECRET generates one: no page asks for it", async ({ page }) => {
  const home = new HomePage(page);
  const policyRead = page.waitForResponse(
    (r) => r.url().endsWith("/api/datasets/connect") && r.request().method() === "GET",
  );
  await home.goto();
  const policy = (await (await policyRead).json()) as { secretConfigured: boolean };
  expect(policy.secretConfigured).toBe(true);
  await expect(page.getByText("Connect a database")).toBeVisible();
  await expect(page.getByTestId("connect-secret-note")).toHaveCount(0);
  await expect(page.getByText("TABLESIGHT_SECRET is not set")).toHaveCount(0);
  await page.screenshot({ path: "test-results/first-start-home.png" });
});
