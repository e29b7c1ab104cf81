import type { Locator, Page } from "@playwright/test";

/** The answer's result table and, for a grouped answer, its bar chart (drawn by Observable Plot as SVG). */
export class AnswerResultPanel {
  constructor(readonly page: Page) {}

  table(): Locator {
    return this.page.getByTestId("answer-result");
  }

  columns(): Locator {
    return this.page.getByTestId("answer-result-column");
  }

  rows(): Locator {
    return this.page.getByTestId("answer-result-row");
  }

  /** Every result row as its cells' texts. */
  async rowTexts(): Promise<string[][]> {
    return this.rows().evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );
  }

  chart(): Locator {
    return this.page.getByTestId("answer-chart");
  }

  /** The chart's bars, in drawing order (one per result row). */
  bars(): Locator {
    return this.chart().locator('svg g[aria-label="bar"] rect');
  }

  /** The labels on the chart's category axis, top to bottom. */
  async axisLabels(): Promise<string[]> {
    return this.chart()
      .locator('svg g[aria-label="y-axis tick label"] text')
      .evaluateAll((ts) => ts.map((t) => t.textContent ?? ""));
  }

  /** Each bar's drawn length in px, and its top edge (to read their order). */
  async barGeometry(): Promise<{ width: number; y: number }[]> {
    return this.bars().evaluateAll((rects) =>
      rects.map((r) => ({ width: Number(r.getAttribute("width")), y: Number(r.getAttribute("y")) })),
    );
  }
}
