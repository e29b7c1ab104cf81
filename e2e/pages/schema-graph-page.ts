import { expect, type Locator, type Page } from "@playwright/test";
import type { Core, NodeSingular } from "cytoscape";

/** A dataset page's index views: index status, schema graph, column panel, joins, find value. */
export class SchemaGraphPage {
  constructor(readonly page: Page) {}

  indexStatus(): Locator {
    return this.page.getByTestId("index-status");
  }

  async waitForIndexReady(timeout = 60_000): Promise<void> {
    await expect(this.indexStatus()).toHaveAttribute("data-status", "ready", { timeout });
  }

  graph(): Locator {
    return this.page.getByTestId("schema-graph");
  }

  async openSchemaGraph(): Promise<void> {
    await this.page.getByTestId("schema-tab").click();
    await expect(this.graph()).toHaveAttribute("data-ready", "true");
  }

  legendItem(kind: string): Locator {
    return this.page.locator(`[data-testid="legend-item"][data-kind="${kind}"]`);
  }

  /** Clicks a column node of the drawn graph (cytoscape draws on a canvas: its instance gives the position). */
  async clickColumnNode(table: string, column: string): Promise<void> {
    const point = await columnNodePoint(this.graph(), table, column);
    await this.page.mouse.click(point.x, point.y);
  }

  /**
   * Clicks a column's node until its panel shows: panels that load beside the graph after a reload can
   * resize the canvas between reading a node's position and the click.
   */
  async openColumn(table: string, column: string): Promise<void> {
    await expect(async () => {
      await this.clickColumnNode(table, column);
      await expect(this.columnPanel()).toHaveAttribute("data-column", column, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  columnPanel(): Locator {
    return this.page.getByTestId("column-panel");
  }

  columnDescription(): Locator {
    return this.columnPanel().getByTestId("column-description");
  }

  async editColumnDescription(text: string): Promise<void> {
    const box = this.columnDescription();
    await box.getByTestId("description-edit").click();
    await box.getByTestId("description-input").fill(text);
    await box.getByTestId("description-save").click();
    await expect(box.getByTestId("description-edited")).toBeVisible();
  }

  async openJoins(): Promise<void> {
    await this.page.getByTestId("joins-tab").click();
    await expect(this.page.getByTestId("joins-table")).toBeVisible();
  }

  joinRows(): Locator {
    return this.page.getByTestId("join-row");
  }

  async findValue(q: string): Promise<void> {
    await this.page.getByTestId("find-value-tab").click();
    await this.page.getByTestId("find-value-input").fill(q);
  }

  hits(): Locator {
    return this.page.getByTestId("find-value-hit");
  }
}

/** Where a column node of the schema graph is drawn, in page coordinates. */
export async function columnNodePoint(
  graph: Locator,
  table: string,
  column: string,
): Promise<{ x: number; y: number }> {
  await graph.scrollIntoViewIfNeeded();
  const point = await graph.evaluate(
    (el, target) => {
      // Cytoscape keeps its instance on the container element.
      const cy = (el as HTMLElement & { _cyreg?: { cy?: Core } })._cyreg?.cy;
      const node = cy
        ?.nodes(".column")
        .filter((n) => n.data("table") === target.table && n.data("column") === target.column)
        .first() as NodeSingular | undefined;
      if (!node || node.empty()) return null;
      const box = el.getBoundingClientRect();
      const p = node.renderedPosition();
      return { x: box.left + p.x, y: box.top + p.y };
    },
    { table, column },
  );
  if (!point) throw new Error(`No node for ${table}.${column} in the schema graph`);
  return point;
}
