import { expect, type Locator, type Page } from "@playwright/test";

/** A dataset grid's column filters, facets and foreign-key links. */
export class GridFilters {
  constructor(readonly page: Page) {}

  async openFilter(sqlName: string): Promise<void> {
    await this.page
      .locator(`[data-testid="grid-header-cell"][data-sql-name="${sqlName}"]`)
      .getByTestId("column-filter-button")
      .click();
    await expect(this.panel()).toBeVisible();
  }

  panel(): Locator {
    return this.page.getByTestId("filter-panel");
  }

  facetValues(): Locator {
    return this.panel().getByTestId("facet-value");
  }

  /** The facet as value → count, in its order. */
  async facet(): Promise<[string, number][]> {
    return this.facetValues().evaluateAll((buttons) =>
      buttons.map((b) => [
        b.getAttribute("data-value") ?? "null",
        Number((b.querySelector('[data-testid="facet-count"]')?.textContent ?? "").replace(/\D/g, "")),
      ]),
    );
  }

  async pickFacetValue(value: string): Promise<void> {
    await this.panel().locator(`[data-testid="facet-value"][data-value="${value}"]`).click();
  }

  async contains(text: string): Promise<void> {
    await this.panel().getByTestId("filter-input").fill(text);
    await this.panel().getByTestId("filter-apply").click();
  }

  activeFilters(): Locator {
    return this.page.getByTestId("grid-filter");
  }

  rows(): Locator {
    return this.page.getByTestId("grid-row");
  }

  /** The texts of one column (by its position among the data columns) in every loaded row. */
  async columnTexts(columnIndex: number): Promise<string[]> {
    return this.rows().evaluateAll(
      (trs, i) => trs.map((tr) => tr.querySelectorAll('[data-testid="grid-cell"]')[i]?.textContent ?? ""),
      columnIndex,
    );
  }

  fkLinks(): Locator {
    return this.page.getByTestId("fk-link");
  }

  headerCell(sqlName: string): Locator {
    return this.page.locator(`[data-testid="grid-header-cell"][data-sql-name="${sqlName}"]`);
  }

  /** Clicks a column's header once (none → ascending → descending → none). */
  async clickSort(sqlName: string): Promise<void> {
    await this.headerCell(sqlName).locator("button").first().click();
  }
}
