import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { CellGraphPage } from "./pages/cell-graph-page";
import { HomePage } from "./pages/home-page";

/** A sheet with a two-row merged header: Region merged down, each year merged across two measures. */
async function budgetWorkbook(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tablesight-e2e-graphotter-"));
  const file = path.join(dir, "regional-budget.xlsx");
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Budget by region");
  ws.getCell("A1").value = "Region";
  ws.mergeCells("A1:A2");
  ws.getCell("B1").value = "2023";
  ws.mergeCells("B1:C1");
  ws.getCell("D1").value = "2024";
  ws.mergeCells("D1:E1");
  for (const [c, v] of [
    ["B2", "Planned"],
    ["C2", "Spent"],
    ["D2", "Planned"],
    ["E2", "Spent"],
  ])
    ws.getCell(c).value = v;
  ws.addRow(["North", 120, 115, 130, 128]);
  ws.addRow(["Coast", 90, 97, 95, 101]);
  ws.addRow(["Valley", 70, 66, 75, 73]);
  ws.addRow(["Total", 280, 278, 300, 302]);
  await wb.xlsx.writeFile(file);
  return file;
}

test(
  "uploads an XLSX with a merged header, opens its cell graph, asks GraphOTTER and watches the walk reach the " +
    "right cell",
  async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.upload([await budgetWorkbook()]);
    await home.expectImported();
    await home.goto();
    await home.open("regional-budget");

    const graph = new CellGraphPage(page);
    await graph.openFromTable();
    // 5 columns × (2 header rows + 4 data rows), minus the cells hidden under merges (A2, C1, E1).
    await expect(graph.caption()).toContainText("27 nodes, 6 rows × 5 columns");
    await page.screenshot({ path: "test-results/graphotter-cell-graph.png", fullPage: true });

    await page.getByTestId("ask-link").click();
    await graph.askWithGraphotter("How much did the Coast region spend in 2024?");
    await expect(page.getByTestId("answer-text")).toHaveText("101");
    await expect(page.getByTestId("answer-operation")).toContainText("lookup");
    await expect(page.locator('[data-testid="answer-cell"][data-node="r3c4"]')).toBeVisible();

    // The walk: the timeline shows thoughts and actions, the cell graph numbers the visited nodes.
    await expect(page.locator('[data-testid="timeline-event"][data-type="trace-init"]')).toBeVisible();
    await expect(graph.actions("GetSharedNeighbours").first()).toBeVisible();
    await expect(graph.actions("AnswerQuestion")).toHaveCount(1);
    await expect(graph.view()).toBeVisible();
    await expect(graph.visitedNode("r3c4")).toHaveAttribute("data-answer", "true");
    const steps = await graph.visited().evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-step"))));
    expect(steps.length).toBeGreaterThan(1);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));

    // The heatmap shows the same cell, numbered by the step that reached it.
    await expect(
      page.locator('[data-testid="heatmap-cell"][data-state="answer"]').filter({ hasText: "101" }),
    ).toBeVisible();
    await expect(page.getByTestId("heatmap-step").first()).toBeVisible();
    await page.screenshot({ path: "test-results/graphotter-walk.png", fullPage: true });
  },
);

test("GraphOTTER says so when no cell matches the question", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.open("regional-budget");
  await page.getByTestId("ask-link").click();
  const graph = new CellGraphPage(page);
  await graph.askWithGraphotter("What is the airspeed velocity of an unladen swallow?");
  await expect(page.getByTestId("answer-text")).toContainText("No cell of the table matches");
});
