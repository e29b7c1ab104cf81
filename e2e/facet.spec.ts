import { expect, test, type Page } from "@playwright/test";
import { DatasetPage } from "./pages/dataset-page";
import { GridFilters } from "./pages/grid-filters";

const SAMPLE = "Riverbend schools (sample)";

async function sampleId(page: Page): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  const sample = datasets.find((d: { name: string }) => d.name === SAMPLE);
  expect(sample, "the sample dataset is seeded").toBeTruthy();
  return sample.id;
}

/** A column's position among the grid's data columns. */
async function columnIndex(page: Page, sqlName: string): Promise<number> {
  const names = await page
    .getByTestId("grid-header-cell")
    .evaluateAll((ths) => ths.map((th) => th.getAttribute("data-sql-name")));
  return names.indexOf(sqlName);
}

test("a facet counts a column's values, a click keeps one, a text filter narrows further, the URL keeps both", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await sampleId(page);
  await page.goto(`/datasets/${id}?table=schools`);
  const dataset = new DatasetPage(page);
  await expect(dataset.grid()).toBeVisible();
  const total = Number(await dataset.rowCount().getAttribute("data-count"));
  const grid = new GridFilters(page);

  await grid.openFilter("funding");
  await expect(grid.facetValues().first()).toBeVisible();
  const facet = await grid.facet();
  expect(facet.length).toBeGreaterThanOrEqual(2);
  expect(
    facet.reduce((sum, [, n]) => sum + n, 0),
    "the facet counts every row once",
  ).toBe(total);
  const counts = facet.map(([, n]) => n);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  await page.screenshot({ path: "test-results/facet-open.png" });

  // The least frequent value: a click keeps exactly its rows.
  const [value, count] = facet.at(-1)!;
  await grid.pickFacetValue(value);
  await expect(grid.activeFilters()).toHaveCount(1);
  await expect(grid.rows()).toHaveCount(count);
  const funding = await columnIndex(page, "funding");
  expect(new Set(await grid.columnTexts(funding))).toEqual(new Set([value]));
  expect(new URL(page.url()).searchParams.get("f.funding")).toBe(`eq:${value}`);

  // A text filter on another column narrows the facet's rows: every kept name contains it, any case.
  const name = await columnIndex(page, "name");
  const names = await grid.columnTexts(name);
  const word = names[0].split(" ")[0];
  const expected = names.filter((n) => n.toLowerCase().includes(word.toLowerCase()));
  await grid.openFilter("name");
  await grid.contains(word.toUpperCase());
  await expect(grid.activeFilters()).toHaveCount(2);
  await expect(grid.rows()).toHaveCount(expected.length);
  expect((await grid.columnTexts(name)).sort()).toEqual([...expected].sort());
  await page.screenshot({ path: "test-results/facet-filtered.png" });

  // A reload opens the same filtered rows.
  await page.reload();
  await expect(grid.activeFilters()).toHaveCount(2);
  await expect(grid.rows()).toHaveCount(expected.length);
  await page.getByTestId("clear-filters").click();
  await expect(grid.activeFilters()).toHaveCount(0);
  await expect(grid.rows().first()).toBeVisible();
  expect(new URL(page.url()).searchParams.has("f.funding")).toBe(false);
});

test("a foreign-key cell links to the row it names; Back returns to the table it was followed from", async ({
  page,
}) => {
  const id = await sampleId(page);
  await page.goto(`/datasets/${id}?table=satscores`);
  const dataset = new DatasetPage(page);
  await expect(dataset.grid()).toBeVisible();
  const grid = new GridFilters(page);
  // satscores.cds references schools.cds_code: a text key whose leading zeros are part of it.
  const link = grid.fkLinks().first();
  await expect(link).toBeVisible();
  const key = (await link.textContent()) ?? "";
  expect(key).toMatch(/^0\d+$/);
  await link.click();
  await expect(page.locator('[data-testid="table-tab"][data-table-name="schools"]')).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(grid.rows()).toHaveCount(1);
  const cds = await columnIndex(page, "cds_code");
  expect(await grid.columnTexts(cds)).toEqual([key]);
  expect(new URL(page.url()).searchParams.get("f.cds_code")).toBe(`eq:${key}`);
  await page.screenshot({ path: "test-results/facet-fk-followed.png" });

  // schools.district_id links on to districts (an integer key).
  const district = grid.fkLinks().first();
  const districtId = (await district.textContent()) ?? "";
  await district.click();
  await expect(grid.rows()).toHaveCount(1);
  expect(await grid.columnTexts(await columnIndex(page, "district_id"))).toEqual([districtId]);

  await page.goBack();
  await expect(grid.rows()).toHaveCount(1);
  expect(await grid.columnTexts(await columnIndex(page, "cds_code"))).toEqual([key]);
});
