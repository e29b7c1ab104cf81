import { expect, type Locator, type Page } from "@playwright/test";

/** The settings page: which language model the llm reasoner uses. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/settings");
    await expect(this.form()).toBeVisible();
  }

  /** Opens the page the way a user finds it: the Settings link in the header. */
  async openFromHeader(): Promise<void> {
    await this.page.getByTestId("nav-settings").click();
    await expect(this.page).toHaveURL(/\/settings$/);
    await expect(this.form()).toBeVisible();
  }

  form(): Locator {
    return this.page.getByTestId("llm-settings-form");
  }

  active(): Locator {
    return this.page.getByTestId("llm-active");
  }

  keyState(): Locator {
    return this.page.getByTestId("llm-key-state");
  }

  testResult(): Locator {
    return this.page.getByTestId("llm-test-result");
  }

  error(): Locator {
    return this.page.getByTestId("llm-error");
  }

  /** The note that the saved key stays with the address it was saved for. */
  keyBound(): Locator {
    return this.page.getByTestId("llm-key-bound");
  }

  /** The dialog that asks before a save or a removal. */
  confirm(): Locator {
    return this.page.getByTestId("confirm-dialog");
  }

  async fill(f: { provider?: string; baseURL: string; model: string; apiKey?: string }): Promise<void> {
    await this.page.getByTestId("llm-provider").selectOption(f.provider ?? "openai-compatible");
    await this.page.getByTestId("llm-base-url").fill(f.baseURL);
    await this.page.getByTestId("llm-model").fill(f.model);
    if (f.apiKey !== undefined) await this.page.getByTestId("llm-api-key").fill(f.apiKey);
  }

  async test(): Promise<void> {
    await this.page.getByTestId("llm-test").click();
    await expect(this.testResult().or(this.error())).toBeVisible({ timeout: 20_000 });
  }

  async save(): Promise<void> {
    await this.page.getByTestId("llm-save").click();
  }
}
