import { expect, type Locator, type Page } from "@playwright/test";

/** The run the ask workbench's address names (`?run=<id>`), and what the page shows of it. */
export class RunAddress {
  constructor(readonly page: Page) {}

  /** The run id in the address, or null. */
  runId(): string | null {
    return new URL(this.page.url()).searchParams.get("run");
  }

  /** Waits until the address names a run and returns its id. */
  async waitForRun(other?: string): Promise<string> {
    await expect.poll(() => this.runId(), { message: "the address names the run" }).not.toBeNull();
    if (other) await expect.poll(() => this.runId()).not.toBe(other);
    return this.runId()!;
  }

  /**
   * Records, in the page, the address at the moment the answer first appears: a question's run is
   * in the address while it streams, not only after.
   */
  async watchAddressAtAnswer(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __addressAtAnswer?: string };
      const check = () => {
        if (w.__addressAtAnswer === undefined && document.querySelector('[data-testid="answer"]'))
          w.__addressAtAnswer = location.search;
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true });
    });
  }

  addressAtAnswer(): Promise<string | undefined> {
    return this.page.evaluate(() => (window as unknown as { __addressAtAnswer?: string }).__addressAtAnswer);
  }

  /** The status the Past runs list shows for a run. */
  historyStatus(runId: string): Locator {
    return this.page.locator(`[data-testid="run-item"][data-run-id="${runId}"] [data-testid="run-item-status"]`);
  }

  /** Texts of the timeline's event cards, in order (what the trace shows). */
  timelineTypes(): Promise<string[]> {
    return this.page
      .getByTestId("timeline-event")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-type") ?? ""));
  }
}
