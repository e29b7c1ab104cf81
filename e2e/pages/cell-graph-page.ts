import { expect, type Locator, type Page } from "@playwright/test";

/** GraphOTTER in the browser: the cell-graph view (dataset page or workbench) and its walk. */
export class CellGraphPage {
  constructor(readonly page: Page) {}

  async openFromTable(): Promise<void> {
    await this.page.getByTestId("open-cell-graph").click();
    await expect(this.view()).toBeVisible();
    await expect(this.caption()).toContainText("nodes");
  }

  view(): Locator {
    return this.page.getByTestId("cell-graph");
  }

  caption(): Locator {
    return this.page.getByTestId("cell-graph-caption");
  }

  visited(): Locator {
    return this.page.getByTestId("visited-node");
  }

  visitedNode(id: string): Locator {
    return this.page.locator(`[data-testid="visited-node"][data-node="${id}"]`);
  }

  actions(action?: string): Locator {
    return action
      ? this.page.locator(`[data-testid="graph-action"][data-action="${action}"]`)
      : this.page.getByTestId("graph-action");
  }

  async askWithGraphotter(question: string, table?: string): Promise<void> {
    await this.page.getByTestId("question-input").fill(question);
    await this.page.getByTestId("method-select").selectOption("graphotter");
    if (table) await this.page.getByTestId("table-select").selectOption(table);
    await this.page.getByTestId("ask-submit").click();
  }
}
