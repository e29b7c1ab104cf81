import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";

/** The data grid's "Export CSV" link and what it downloads. */
export class TableExport {
  constructor(readonly page: Page) {}

  button(): Locator {
    return this.page.getByTestId("export-csv");
  }

  /** Clicks Export CSV and reads the downloaded file's bytes as UTF-8. */
  async download(): Promise<{ name: string; text: string }> {
    const started = this.page.waitForEvent("download");
    await this.button().click();
    const download = await started;
    return { name: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
  }
}
