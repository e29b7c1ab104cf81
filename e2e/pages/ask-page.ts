import { expect, type Locator, type Page } from "@playwright/test";

/** The workbench: question form, live timeline, answer and heatmaps. */
export class AskPage {
  constructor(readonly page: Page) {}

  async goto(datasetId: string): Promise<void> {
    await this.page.goto(`/datasets/${datasetId}/ask`);
    await expect(this.questionInput()).toBeVisible();
  }

  questionInput(): Locator {
    return this.page.getByTestId("question-input");
  }

  /**
   * Records, in the page, when the first element with each test id appears, so a test can tell
   * whether the timeline grew before the answer arrived.
   */
  async watchAppearances(ids: string[]): Promise<void> {
    await this.page.evaluate((watched) => {
      const w = window as unknown as { __appeared: Record<string, number> };
      w.__appeared = {};
      const check = () => {
        for (const id of watched)
          if (!(id in w.__appeared) && document.querySelector(`[data-testid="${id}"]`))
            w.__appeared[id] = performance.now();
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true });
    }, ids);
  }

  appearances(): Promise<Record<string, number>> {
    return this.page.evaluate(() => (window as unknown as { __appeared: Record<string, number> }).__appeared);
  }

  async ask(question: string, options: { reasoner?: "local" | "llm"; method?: "fgtr" | "sgam" } = {}): Promise<void> {
    await this.questionInput().fill(question);
    if (options.method) await this.page.getByTestId("method-select").selectOption(options.method);
    await expect(this.page.getByTestId("method-select")).toHaveValue(options.method ?? "fgtr");
    if (options.reasoner) await this.page.getByTestId("reasoner-select").selectOption(options.reasoner);
    await this.page.getByTestId("ask-submit").click();
  }

  timeline(): Locator {
    return this.page.getByTestId("timeline");
  }

  events(type?: string): Locator {
    return type
      ? this.page.locator(`[data-testid="timeline-event"][data-type="${type}"]`)
      : this.page.getByTestId("timeline-event");
  }

  answer(): Locator {
    return this.page.getByTestId("answer");
  }

  answerText(): Locator {
    return this.page.getByTestId("answer-text");
  }

  /** The answer's span, highlighted inside its supporting passage sentence (HELIOS). */
  answerSpan(): Locator {
    return this.page.getByTestId("answer-span");
  }

  /** The HELIOS reader's candidates, best first, as the timeline shows them. */
  readerCandidates(): Locator {
    return this.page.getByTestId("helios-reader-candidate");
  }

  voteChart(): Locator {
    return this.page.getByTestId("vote-chart");
  }

  voteBar(table: string, column: string): Locator {
    return this.page.locator(`[data-testid="vote-bar"][data-column="${table}.${column}"]`);
  }

  async openHeatmap(table: string): Promise<Locator> {
    await this.page.locator(`[data-testid="heatmap-tab"][data-table="${table}"]`).click();
    const heatmap = this.page.locator(`[data-testid="heatmap"][data-table="${table}"]`);
    await expect(heatmap).toBeVisible();
    return heatmap;
  }

  heatmapHeader(column: string): Locator {
    return this.page.locator(`[data-testid="heatmap-header"][data-column="${column}"]`);
  }

  heatmapCells(state?: "constrained" | "dependent" | "answer" | "none"): Locator {
    return state
      ? this.page.locator(`[data-testid="heatmap-cell"][data-state="${state}"]`)
      : this.page.getByTestId("heatmap-cell");
  }

  retrievedOnly(): Locator {
    return this.page.getByTestId("retrieved-only");
  }

  historyLinks(): Locator {
    return this.page.getByTestId("run-link");
  }
}

/** Computed background colour of an element, e.g. "rgb(4, 120, 87)". */
export function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((el) => getComputedStyle(el).backgroundColor + " " + getComputedStyle(el).backgroundImage);
}
