import { expect, test } from "@playwright/test";
import { HomePage } from "./pages/home-page";

// Issue 36 item 6: once any dataset exists (the sample is seeded), the list comes before the forms.
for (const [width, height] of [
  [1024, 768],
  [1440, 900],
] as const) {
  test(`at ${width}×${height} the dataset list comes first, above the fold, the upload form after it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const home = new HomePage(page);
    await home.goto();
    await expect(page.getByTestId("home-layout")).toHaveAttribute("data-order", "datasets-first");
    const list = (await page.getByTestId("dataset-list").boundingBox())!;
    const upload = (await page.locator("#upload-heading").boundingBox())!;
    const firstRow = (await page.getByTestId("dataset-row").first().boundingBox())!;
    expect(firstRow.y + firstRow.height, "the first dataset is above the fold").toBeLessThan(height);
    // Before the forms: above them when stacked (1024), left of them side by side (1440).
    if (width < 1280) expect(list.y).toBeLessThan(upload.y);
    else expect(list.x).toBeLessThan(upload.x);
    await page.screenshot({ path: `test-results/home-datasets-first-${width}.png` });
  });
}
