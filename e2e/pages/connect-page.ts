import { expect, type Locator, type Page } from "@playwright/test";

/** The home page's "Connect a database" form. */
export class ConnectForm {
  constructor(readonly page: Page) {}

  panel(): Locator {
    return this.page.getByTestId("connect-panel");
  }

  /** Fills host/port/database/user/password (the "Host and user" mode), the schemas and a name, then connects. */
  async connectWithFields(f: {
    host: string;
    port: number;
    database: string;
    user: string;
    password: string;
    schemas: string;
    name: string;
  }): Promise<void> {
    await this.page.getByTestId("connect-mode-fields").check();
    await this.page.getByTestId("connect-host").fill(f.host);
    await this.page.getByTestId("connect-port").fill(String(f.port));
    await this.page.getByTestId("connect-database").fill(f.database);
    await this.page.getByTestId("connect-user").fill(f.user);
    await this.page.getByTestId("connect-password").fill(f.password);
    await this.page.getByTestId("connect-schemas").fill(f.schemas);
    await this.page.getByTestId("connect-name").fill(f.name);
    await this.page.getByTestId("connect-submit").click();
  }

  async connectWithUrl(url: string, name: string): Promise<void> {
    await this.page.getByTestId("connect-mode-url").check();
    await this.page.getByTestId("connect-url").fill(url);
    await this.page.getByTestId("connect-name").fill(name);
    await this.page.getByTestId("connect-submit").click();
  }

  success(): Locator {
    return this.page.getByTestId("connect-success");
  }

  error(): Locator {
    return this.page.getByTestId("connect-error");
  }

  async openConnected(): Promise<void> {
    await this.success().getByRole("link").click();
    await expect(this.page.getByTestId("dataset-title")).toBeVisible();
  }
}
