import { expect, type Locator, type Page } from "@playwright/test";

/** A dataset's Passages tab: passage upload with its report, search, links and the graph G_d. */
export class PassagesPage {
  constructor(readonly page: Page) {}

  async goto(datasetId: string): Promise<void> {
    await this.page.goto(`/datasets/${datasetId}?view=passages`);
    await expect(this.page.getByTestId("passages-view")).toBeVisible();
  }

  async upload(files: string[]): Promise<void> {
    await this.page.getByTestId("passage-file-input").setInputFiles(files);
    await expect(this.result()).toBeVisible({ timeout: 30_000 });
  }

  result(): Locator {
    return this.page.getByTestId("passage-upload-result");
  }

  problems(): Locator {
    return this.page.getByTestId("passage-problems").locator("li");
  }

  item(title: string): Locator {
    return this.page
      .getByTestId("passage-item")
      .filter({ has: this.page.getByTestId("passage-title").getByText(title, { exact: true }) });
  }

  async search(q: string): Promise<void> {
    await this.page.getByTestId("passage-search").fill(q);
    await this.page.getByTestId("passage-search").press("Enter");
  }

  graph(): Locator {
    return this.page.getByTestId("data-bipartite-graph");
  }
}
