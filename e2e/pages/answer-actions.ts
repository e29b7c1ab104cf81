import { expect, type Locator, type Page } from "@playwright/test";

/** What a reader does with an answer (ask page and run page alike): its readings and 👍 / 👎. */
export class AnswerActions {
  constructor(readonly page: Page) {}

  /** "I read this as: …", the reading's words only. */
  reading(): Locator {
    return this.page.getByTestId("answer-reading-text");
  }

  alternatives(): Locator {
    return this.page.getByTestId("answer-alternative");
  }

  alternativeReading(n: number): Locator {
    return this.alternatives().nth(n).getByTestId("answer-alternative-reading");
  }

  /** Clicks alternative n and returns its reading as shown. */
  async pick(n: number): Promise<string> {
    const reading = (await this.alternativeReading(n).textContent())?.trim() ?? "";
    await this.alternatives().nth(n).click();
    return reading;
  }

  vote(vote: "up" | "down"): Locator {
    return this.page.getByTestId(`vote-${vote}`);
  }

  /** Clicks 👍 or 👎 and waits until the server's answer shows it pressed. */
  async castVote(vote: "up" | "down"): Promise<void> {
    await this.vote(vote).click();
    await expect(this.vote(vote)).toHaveAttribute("data-pressed", "true");
  }

  async expectVote(vote: "up" | "down" | null): Promise<void> {
    await expect(this.page.getByTestId("answer-feedback")).toHaveAttribute("data-vote", vote ?? "");
    await expect(this.vote("up")).toHaveAttribute("data-pressed", vote === "up" ? "true" : "false");
    await expect(this.vote("down")).toHaveAttribute("data-pressed", vote === "down" ? "true" : "false");
  }

  voteStatus(): Locator {
    return this.page.getByTestId("vote-status");
  }

  learnedFrom(): Locator {
    return this.page.getByTestId("answer-learned-from");
  }

  learnedFromQuestion(): Locator {
    return this.page.getByTestId("answer-learned-from-question");
  }
}
