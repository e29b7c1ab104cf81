import { expect, type Locator, type Page } from "@playwright/test";
import type { Core } from "cytoscape";
import { columnNodePoint } from "./schema-graph-page";

/** The curation panel beside a dataset's schema graph. */
export class CurationPage {
  constructor(readonly page: Page) {}

  panel(): Locator {
    return this.page.getByTestId("curation-panel");
  }

  edges(): Locator {
    return this.page.getByTestId("curated-edge");
  }

  /** Where a column node is drawn, in page coordinates. */
  nodePoint(table: string, column: string): Promise<{ x: number; y: number }> {
    return columnNodePoint(this.page.getByTestId("schema-graph"), table, column);
  }

  /** Turns drawing on and drags from one column to the other: the new-edge form opens with both ends. */
  async dragEdge(from: { table: string; column: string }, to: { table: string; column: string }): Promise<void> {
    const draw = this.page.getByTestId("draw-mode");
    if ((await draw.getAttribute("aria-pressed")) !== "true") await draw.click();
    await expect(this.page.getByTestId("schema-graph")).toHaveAttribute("data-drawing", "true");
    const a = await this.nodePoint(from.table, from.column);
    const b = await this.nodePoint(to.table, to.column);
    await this.page.mouse.move(a.x, a.y);
    await this.page.mouse.down();
    await this.page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await this.page.mouse.move(b.x, b.y, { steps: 5 });
    await this.page.mouse.up();
    await expect(this.page.getByTestId("edge-form")).toBeVisible();
  }

  async saveNewEdge(kind: "context" | "derivation" | "join", label: string): Promise<void> {
    await this.page.getByTestId("edge-kind").selectOption(kind);
    await this.page.getByTestId("edge-label").fill(label);
    await this.page.getByTestId("edge-save").click();
    await expect(this.page.getByTestId("edge-form")).toBeHidden();
  }

  async relabel(edge: Locator, label: string): Promise<void> {
    await edge.getByTestId("curated-edge-label").fill(label);
    await edge.getByTestId("curated-edge-label").press("Enter");
  }

  /** Opens the "Discovered joins to review" list unless it is open already. */
  async openCandidates(): Promise<void> {
    const list = this.page.getByTestId("join-candidates");
    if ((await list.getAttribute("open")) === null) await this.page.getByTestId("join-candidates-toggle").click();
    await expect(list).toHaveAttribute("open", "");
  }

  /** Join candidates in the "Discovered joins to review" list; `shown` picks drawn ones or suggestions. */
  candidates(shown?: boolean): Locator {
    return this.page.locator(
      shown === undefined ? '[data-testid="join-candidate"]' : `[data-testid="join-candidate"][data-shown="${shown}"]`,
    );
  }

  /** Whether the drawn graph has any edge between two column nodes (either direction). */
  async hasEdgeBetween(source: string, target: string): Promise<boolean> {
    return this.page
      .getByTestId("schema-graph")
      .first()
      .evaluate(
        (el, ends) => {
          const cy = (el as HTMLElement & { _cyreg?: { cy?: Core } })._cyreg?.cy;
          const at = (id: string) =>
            cy?.nodes(".column").filter((n) => `${n.data("table")}.${n.data("column")}` === id);
          const [a, b] = [at(ends.source), at(ends.target)];
          if (!cy || !a?.nonempty() || !b?.nonempty()) throw new Error(`no node ${ends.source} or ${ends.target}`);
          return a.edgesWith(b).nonempty();
        },
        { source, target },
      );
  }

  /** Whether a column node of the drawn graph carries a class (e.g. "faded"). */
  async nodeHasClass(table: string, column: string, cls: string): Promise<boolean> {
    return this.page
      .getByTestId("schema-graph")
      .first()
      .evaluate(
        (el, t) => {
          const cy = (el as HTMLElement & { _cyreg?: { cy?: Core } })._cyreg?.cy;
          const node = cy
            ?.nodes(".column")
            .filter((n) => n.data("table") === t.table && n.data("column") === t.column)
            .first();
          return !!node && node.nonempty() && node.hasClass(t.cls);
        },
        { table, column, cls },
      );
  }
}
