import type { Locator, Page } from "@playwright/test";

/**
 * Keystroke latency measured inside the page, so a loaded machine's slow test driver does not
 * count: each keydown on the input puts a performance mark at the event's own time stamp (when the
 * browser received the key), and a second mark once the page has handled the key and painted the
 * next frame; their performance.measure is the keystroke's latency.
 */
export class KeystrokeProbe {
  constructor(
    readonly page: Page,
    readonly input: Locator,
  ) {}

  async install(): Promise<void> {
    await this.input.evaluate((el) => {
      let n = 0;
      el.addEventListener("keydown", (event) => {
        const id = n++;
        performance.mark(`key-${id}-down`, { startTime: event.timeStamp });
        // The frame after the input handled the key (React rendered its new value), then the paint.
        requestAnimationFrame(() =>
          setTimeout(() => {
            performance.mark(`key-${id}-painted`);
            performance.measure(`keystroke-${id}`, `key-${id}-down`, `key-${id}-painted`);
          }, 0),
        );
      });
    });
  }

  /** Every keystroke's latency in ms, in typing order. */
  async latencies(): Promise<number[]> {
    return this.page.evaluate(() =>
      performance
        .getEntriesByType("measure")
        .filter((m) => m.name.startsWith("keystroke-"))
        .sort((a, b) => Number(a.name.slice(10)) - Number(b.name.slice(10)))
        .map((m) => m.duration),
    );
  }
}

/** The p-th percentile (nearest rank) of a list. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
