import { expect, type Locator, type Page } from "@playwright/test";

/** The home page: upload area and dataset list. */
export class HomePage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/");
    await expect(this.page.getByTestId("dataset-list")).toBeVisible();
  }

  async upload(files: string[]): Promise<void> {
    await this.page.getByTestId("upload-input").setInputFiles(files);
    await this.page.getByTestId("upload-submit").click();
  }

  /** Opens "CSV dialect" and chooses values by field (delimiter, escape, header-rows). */
  async chooseDialect(choice: { delimiter?: string; escape?: string; headerRows?: string }): Promise<void> {
    await this.page.getByTestId("dialect-picker").locator("summary").click();
    if (choice.delimiter) await this.page.getByTestId("dialect-delimiter").selectOption(choice.delimiter);
    if (choice.escape) await this.page.getByTestId("dialect-escape").selectOption(choice.escape);
    if (choice.headerRows) await this.page.getByTestId("dialect-header-rows").selectOption(choice.headerRows);
  }

  async expectImported(): Promise<void> {
    await expect(this.page.getByTestId("import-success")).toBeVisible({ timeout: 30_000 });
  }

  importError(): Locator {
    return this.page.getByTestId("import-error");
  }

  /** The dataset's row by its whole name ("orders" is not "Orders by month", which another spec may have made). */
  row(name: string): Locator {
    const whole = new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
    return this.page
      .getByTestId("dataset-row")
      .filter({ has: this.page.getByTestId("dataset-link").filter({ hasText: whole }) });
  }

  async open(name: string): Promise<void> {
    await this.row(name).getByTestId("dataset-link").click();
    await expect(this.page.getByTestId("dataset-title")).toBeVisible();
  }

  async delete(name: string): Promise<void> {
    await this.row(name).getByTestId("dataset-delete").click();
    await expect(this.page.getByTestId("confirm-dialog")).toBeVisible();
    await this.page.getByTestId("confirm-yes").click();
    await expect(this.row(name)).toHaveCount(0);
  }
}
