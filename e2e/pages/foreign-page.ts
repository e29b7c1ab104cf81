import { expect, type Page, type Response } from "@playwright/test";

/** The page of "another web site" (e2e/fixtures/foreign-site.ts), and what the app answered it. */
export class ForeignPage {
  /** Each request the page sent to the app: "METHOD /path" and the status the app answered. */
  readonly answers: Array<{ request: string; status: number }> = [];

  constructor(
    readonly page: Page,
    private readonly appOrigin: string,
  ) {
    page.on("response", (res: Response) => {
      const url = new URL(res.url());
      if (url.origin === appOrigin)
        this.answers.push({ request: `${res.request().method()} ${url.pathname}`, status: res.status() });
    });
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByTestId("foreign-page")).toBeVisible();
  }

  /** Runs every attack against the app and waits until the app has answered each one. */
  async attack(datasetId: string): Promise<void> {
    const sent = await this.page.evaluate(
      ([app, id]) => (window as unknown as { attack: (a: string, i: string) => Promise<number> }).attack(app!, id!),
      [this.appOrigin, datasetId],
    );
    await expect.poll(() => this.answers.length).toBe(sent);
  }
}
