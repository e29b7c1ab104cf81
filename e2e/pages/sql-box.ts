import { expect, type Locator, type Page } from "@playwright/test";

/** The SQL box page: a statement, its Run button, and its result or error. */
export class SqlBoxPage {
  constructor(readonly page: Page) {}

  input(): Locator {
    return this.page.getByTestId("sql-input");
  }

  /** Replaces the statement and runs it, waiting for the server's answer. */
  async run(sql: string): Promise<void> {
    await this.input().fill(sql);
    const answered = this.page.waitForResponse((r) => r.url().endsWith("/sql") && r.request().method() === "POST");
    await this.page.getByTestId("sql-run").click();
    await answered;
  }

  result(): Locator {
    return this.page.getByTestId("sql-result");
  }

  resultRows(): Locator {
    return this.result().getByTestId("answer-result-row");
  }

  async rowTexts(): Promise<string[][]> {
    await expect(this.result()).toBeVisible();
    return this.resultRows().evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );
  }

  error(): Locator {
    return this.page.getByTestId("sql-error");
  }

  /** The statement the page's address holds. */
  urlSql(): string | null {
    return new URL(this.page.url()).searchParams.get("q");
  }
}
