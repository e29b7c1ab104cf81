import { expect, type Locator, type Page } from "@playwright/test";

/** The schema graph tab's "Meaning" panel: the semantic model of the selected table, with its corrections. */
export class SemanticPanel {
  constructor(readonly page: Page) {}

  async open(datasetId: string): Promise<void> {
    await this.page.goto(`/datasets/${datasetId}?view=schema`);
    await expect(this.panel()).toBeVisible({ timeout: 30_000 });
    await expect(this.panel().getByTestId("semantic-entity")).toBeVisible();
  }

  panel(): Locator {
    return this.page.getByTestId("semantic-panel");
  }

  entitySingular(): Locator {
    return this.panel().getByTestId("semantic-entity-singular");
  }

  label(): Locator {
    return this.panel().getByTestId("semantic-label");
  }

  measure(column: string): Locator {
    return this.panel().getByTestId(`semantic-measure-${column}`);
  }

  date(column: string): Locator {
    return this.panel().getByTestId(`semantic-date-${column}`);
  }

  flag(column: string): Locator {
    return this.panel().getByTestId(`semantic-flag-${column}`);
  }

  /** Sets the label to one column (or two: first + last) and waits until the panel says the user set it. */
  async setLabel(first: string, second?: string): Promise<void> {
    await this.label().getByTestId("semantic-label-first").selectOption({ label: first });
    await this.label()
      .getByTestId("semantic-label-second")
      .selectOption(second ? { label: second } : { index: 0 });
    await this.label().getByTestId("semantic-label-save").click();
    await expect(this.label().getByTestId("fact-confidence")).toHaveText("set by you");
  }

  /** Gives a measure's column a unit and scale. */
  async setUnit(column: string, unit: string, scaleLabel: string): Promise<void> {
    const row = this.measure(column);
    await row.getByTestId("semantic-measure-unit").fill(unit);
    await row.getByTestId("semantic-measure-scale").selectOption({ label: scaleLabel });
    await row.getByTestId("semantic-measure-save").click();
    await expect(row.getByTestId("fact-confidence")).toHaveText("set by you");
  }
}
