import { expect, type Locator, type Page } from "@playwright/test";

/** The dataset page's question-set panel and a question set's own page. */
export class QuestionSetPage {
  constructor(readonly page: Page) {}

  async upload(datasetId: string, name: string, fileName: string, content: string): Promise<void> {
    await this.page.goto(`/datasets/${datasetId}`);
    await this.page.getByTestId("question-set-name").fill(name);
    await this.page
      .getByTestId("question-set-file")
      .setInputFiles({ name: fileName, mimeType: "application/json", buffer: Buffer.from(content) });
    await this.page.getByTestId("question-set-upload").click();
    await expect(this.page.getByTestId("question-set-upload-report")).toBeVisible();
  }

  errors(): Locator {
    return this.page.getByTestId("question-set-error");
  }

  async open(name: string): Promise<void> {
    await this.page.getByTestId("question-set-link").filter({ hasText: name }).click();
    await expect(this.page.getByTestId("question-set-title")).toHaveText(name);
  }

  async reupload(fileName: string, content: string): Promise<void> {
    await this.page
      .getByTestId("question-set-reupload-file")
      .setInputFiles({ name: fileName, mimeType: "application/json", buffer: Buffer.from(content) });
    await this.page.getByTestId("question-set-reupload").click();
    await expect(this.page.getByTestId("question-set-upload-report")).toBeVisible();
  }

  /** Starts a batch with these methods from the set page; the batch page opens. */
  async runBatch(methods: string[], params = "{}"): Promise<BatchPage> {
    for (const m of ["fgtr", "sgam", "graphotter", "helios"]) {
      const box = this.page.getByTestId(`batch-method-${m}`);
      if ((await box.isChecked()) !== methods.includes(m)) await box.click();
    }
    await this.page.getByTestId("batch-params").fill(params);
    await this.page.getByTestId("batch-start").click();
    await expect(this.page).toHaveURL(/\/batches\/[^/]+$/);
    return new BatchPage(this.page, new URL(this.page.url()).pathname.split("/").at(-1)!);
  }
}

/** A batch: progress, summary, charts and the per-question table. */
export class BatchPage {
  /** `batchId` is read when the batch page opened: the same page object outlives later navigation. */
  constructor(
    readonly page: Page,
    private readonly batchId: string,
  ) {}

  id(): string {
    return this.batchId;
  }

  status(): Locator {
    return this.page.getByTestId("batch-status");
  }

  async waitDone(timeout = 120_000): Promise<void> {
    await expect(this.status()).toHaveAttribute("data-status", "done", { timeout });
  }

  rows(): Locator {
    return this.page.getByTestId("question-row");
  }

  async wrongOnly(): Promise<void> {
    await this.page.getByTestId("filter-wrong").check();
  }

  /** Opens the run behind a wrong answer of `method` in the first row that has one. */
  async openFirstFailure(method: string): Promise<void> {
    await this.page.locator(`[data-testid="cell-${method}"][data-correct="false"]`).first().click();
    await expect(this.page).toHaveURL(/\/runs\/[^?]+\?batch=/);
  }
}
