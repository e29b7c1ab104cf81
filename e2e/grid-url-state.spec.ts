import { expect, test, type Page } from "@playwright/test";
import { DatasetPage } from "./pages/dataset-page";
import { GridFilters } from "./pages/grid-filters";

const SAMPLE = "Riverbend schools (sample)";

async function sampleId(page: Page): Promise<string> {
  const { datasets } = await (await page.request.get("/api/datasets")).json();
  return datasets.find((d: { name: string }) => d.name === SAMPLE).id;
}

async function columnIndex(page: Page, sqlName: string): Promise<number> {
  const names = await page
    .getByTestId("grid-header-cell")
    .evaluateAll((ths) => ths.map((th) => th.getAttribute("data-sql-name")));
  return names.indexOf(sqlName);
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test("the grid's sort and filters live in the URL: a reload keeps them, Back undoes them one at a time", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const id = await sampleId(page);
  await page.goto(`/datasets/${id}?table=schools`);
  const dataset = new DatasetPage(page);
  await expect(dataset.grid()).toBeVisible();
  const grid = new GridFilters(page);
  const name = await columnIndex(page, "name");
  await expect(grid.rows().first()).toBeVisible();
  const unsorted = await grid.columnTexts(name);

  // Sort by name, descending: two clicks, each a history entry.
  await grid.clickSort("name");
  await expect(grid.headerCell("name")).toHaveAttribute("aria-sort", "ascending");
  await grid.clickSort("name");
  await expect(grid.headerCell("name")).toHaveAttribute("aria-sort", "descending");
  expect(param(page, "sort")).toBe("name:desc");
  // The first rows of the sorted table: the top names, in descending order.
  // Waits for the sorted rows themselves: while the new order loads, the grid briefly has no rows.
  await expect
    .poll(async () => {
      const texts = await grid.columnTexts(name);
      return texts.length > 5 && texts.slice(0, 5).join("\n") !== unsorted.slice(0, 5).join("\n");
    })
    .toBe(true);
  const descending = await grid.columnTexts(name);
  expect(descending.length).toBeGreaterThan(5);
  expect(descending.slice(0, 5)).toEqual([...descending.slice(0, 5)].sort((a, b) => b.localeCompare(a)));

  // A facet filter on top of the sort.
  await grid.openFilter("funding");
  await expect(grid.facetValues().first()).toBeVisible();
  const [value, count] = (await grid.facet()).at(-1)!;
  await grid.pickFacetValue(value);
  await expect(grid.activeFilters()).toHaveCount(1);
  await expect(grid.rows()).toHaveCount(count);
  expect(param(page, "f.funding")).toBe(`eq:${value}`);
  const filteredSorted = await grid.columnTexts(name);
  expect(filteredSorted).toEqual([...filteredSorted].sort((a, b) => b.localeCompare(a)));

  // A reload opens the same sorted, filtered rows.
  await page.reload();
  await expect(grid.activeFilters()).toHaveCount(1);
  await expect(grid.headerCell("name")).toHaveAttribute("aria-sort", "descending");
  await expect(grid.rows()).toHaveCount(count);
  expect(await grid.columnTexts(name)).toEqual(filteredSorted);
  await page.screenshot({ path: "test-results/grid-url-state-reloaded.png" });

  // Back undoes the filter (the sort stays), then the descending sort, then the sort.
  await page.goBack();
  await expect(grid.activeFilters()).toHaveCount(0);
  expect(param(page, "f.funding")).toBeNull();
  await expect(grid.headerCell("name")).toHaveAttribute("aria-sort", "descending");
  await expect.poll(async () => (await grid.columnTexts(name)).slice(0, 5)).toEqual(descending.slice(0, 5));
  await page.goBack();
  await expect(grid.headerCell("name")).toHaveAttribute("aria-sort", "ascending");
  expect(param(page, "sort")).toBe("name:asc");
  await page.goBack();
  await expect(grid.headerCell("name")).toHaveAttribute("aria-sort", "none");
  expect(param(page, "sort")).toBeNull();
  await expect.poll(async () => (await grid.columnTexts(name)).slice(0, 5)).toEqual(unsorted.slice(0, 5));
  // Forward redoes it.
  await page.goForward();
  await expect(grid.headerCell("name")).toHaveAttribute("aria-sort", "ascending");
});
