import { readFile } from "node:fs/promises";
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

  /** What kind of chart is drawn: "bar", "line" or "scatter". */
  chartKind(): Promise<string | null> {
    return this.chart().getAttribute("data-kind");
  }

  /** The line's path (a measure by date). */
  line(): Locator {
    return this.chart().locator('svg g[aria-label="line"] path');
  }

  /** The chart's dots (a line's points, a scatter's rows). */
  dots(): Locator {
    return this.chart().locator('svg g[aria-label="dot"] circle');
  }

  /** The names drawn beside a scatter's dots. */
  pointLabels(): Locator {
    return this.chart().locator('svg g[aria-label="text"] text');
  }

  /** The x labels along the bottom axis, left to right. */
  async xTickLabels(): Promise<string[]> {
    return this.chart()
      .locator('svg g[aria-label="x-axis tick label"] text')
      .evaluateAll((ts) =>
        ts
          .map((t) => ({ x: t.getBoundingClientRect().x, text: t.textContent ?? "" }))
          .sort((a, b) => a.x - b.x)
          .map((t) => t.text),
      );
  }

  /**
   * What the drawn chart gets wrong, in words: an axis title over one of its tick labels, two dot
   * names over each other, and text (tick labels, axis titles, names) outside the chart's own box,
   * which a PNG would cut.
   */
  async textProblems(): Promise<string[]> {
    return this.chart()
      .locator("svg")
      .first()
      .evaluate((svg) => {
        const frame = svg.getBoundingClientRect();
        const problems: string[] = [];
        const overlap = (a: DOMRect, b: DOMRect) =>
          a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        for (const axis of ["x-axis", "y-axis"]) {
          const title = svg.querySelector(`g[aria-label="${axis} label"] text`);
          if (!title) continue;
          const box = title.getBoundingClientRect();
          for (const tick of svg.querySelectorAll(`g[aria-label="${axis} tick label"] text`))
            if (overlap(box, tick.getBoundingClientRect()))
              problems.push(`${axis} title "${title.textContent}" overlaps tick "${tick.textContent}"`);
        }
        const names = [...svg.querySelectorAll('g[aria-label="text"] text')];
        names.forEach((a, i) => {
          for (const b of names.slice(i + 1))
            if (overlap(a.getBoundingClientRect(), b.getBoundingClientRect()))
              problems.push(`"${a.textContent}" and "${b.textContent}" are drawn over each other`);
        });
        for (const text of svg.querySelectorAll("text")) {
          const r = text.getBoundingClientRect();
          if (r.width === 0) continue;
          if (
            r.left < frame.left - 0.5 ||
            r.right > frame.right + 0.5 ||
            r.top < frame.top - 0.5 ||
            r.bottom > frame.bottom + 0.5
          )
            problems.push(`"${text.textContent}" is cut at the chart's edge`);
        }
        return problems;
      });
  }

  /** Switches the result between "both", "chart" and "table". */
  async show(view: "both" | "chart" | "table"): Promise<void> {
    await this.page.getByTestId(`result-view-${view}`).click();
  }

  /** Clicks an export button and returns the downloaded file's name and bytes. */
  async download(
    testId: "chart-export-svg" | "chart-export-png" | "result-csv",
  ): Promise<{ name: string; bytes: Buffer }> {
    const started = this.page.waitForEvent("download");
    await this.page.getByTestId(testId).click();
    const download = await started;
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: await readFile(path) };
  }

  /**
   * Whether the browser decodes a downloaded image, and its natural size: a file that is not a
   * valid SVG or PNG does not load.
   */
  async decode(bytes: Buffer, type: "image/svg+xml" | "image/png"): Promise<{ width: number; height: number } | null> {
    const src = `data:${type};base64,${bytes.toString("base64")}`;
    return this.page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      try {
        await image.decode();
      } catch {
        return null;
      }
      return { width: image.naturalWidth, height: image.naturalHeight };
    }, src);
  }
}
