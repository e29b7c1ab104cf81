import { expect, test } from "@playwright/test";
import { makeStaffDb } from "./fixtures/staff-db";
import { CurationPage } from "./pages/curation-page";
import { SchemaGraphPage } from "./pages/schema-graph-page";
import { askApi, uploadIndexed } from "./pages/views";

// Issue #30: a self-join (Employee.ReportsTo → Employee.EmployeeId) is a join like any other;
// a join rejected earlier can be kept after all; undo and redo are logged as what they are.
test.describe.configure({ timeout: 150_000 });
let datasetId = "";

test.beforeAll(async ({ request }) => {
  datasetId = await uploadIndexed(request, [makeStaffDb()], "Staff (self-join)");
});

test("a self-join added with the form is kept across a reload, drawn, undone and redone as such", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/datasets/${datasetId}?view=schema`);
  const schema = new SchemaGraphPage(page);
  await expect(schema.graph()).toHaveAttribute("data-ready", "true");
  const curation = new CurationPage(page);

  await page.getByTestId("add-edge").click();
  // Pickers name columns as the database does, not by generated ids.
  await expect(page.getByTestId("edge-source").locator("option", { hasText: "Employee.ReportsTo" })).toHaveCount(1);
  await page.getByTestId("edge-source").selectOption("Employee.ReportsTo");
  await page.getByTestId("edge-target").selectOption("Employee.EmployeeId");
  await curation.saveNewEdge("join", "reports to");
  await expect(page.getByTestId("curation-error")).toHaveCount(0);
  await expect(curation.edges()).toHaveCount(1);
  await expect(curation.edges().first()).toContainText("Employee.ReportsTo");
  await expect.poll(() => curation.hasEdgeBetween("Employee.ReportsTo", "Employee.EmployeeId")).toBe(true);

  await page.reload();
  await expect(schema.graph()).toHaveAttribute("data-ready", "true");
  await expect(curation.edges()).toHaveCount(1);
  await expect.poll(() => curation.hasEdgeBetween("Employee.ReportsTo", "Employee.EmployeeId")).toBe(true);

  // A question on the dataset still runs with the self-join in the graph (FGTR and SGAM).
  for (const method of ["fgtr", "sgam"]) {
    const run = await askApi(request, datasetId, "How many employees have the title Sales Support Agent?", method);
    expect(run.answer.text, method).toContain("3");
  }
});

test("a rejected join can be kept after all; undo and redo say so in History", async ({ page, request }) => {
  const reject = await request.post(`/api/datasets/${datasetId}/schema-graph/edges`, {
    data: { source: "Customer.SupportRepId", target: "Employee.EmployeeId", kind: "join", status: "rejected" },
  });
  expect(reject.status()).toBe(201);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/datasets/${datasetId}?view=schema`);
  await expect(new SchemaGraphPage(page).graph()).toHaveAttribute("data-ready", "true");
  const curation = new CurationPage(page);
  await page.getByTestId("add-edge").click();
  await page.getByTestId("edge-source").selectOption("Customer.SupportRepId");
  await page.getByTestId("edge-target").selectOption("Employee.EmployeeId");
  await curation.saveNewEdge("join", "support rep");
  await expect(page.getByTestId("curation-error")).toHaveCount(0);
  await expect(curation.edges().filter({ hasText: "Customer.SupportRepId" })).toHaveCount(1);
  await expect(curation.edges().filter({ hasText: "Customer.SupportRepId" }).getByText("rejected")).toHaveCount(0);

  await page.getByTestId("undo").click();
  await expect(page.getByTestId("undo")).toBeDisabled();
  await page.getByTestId("redo").click();
  await page.getByTestId("toggle-history").click();
  const entries = page.getByTestId("history-entry");
  await expect(entries.first()).toHaveAttribute("data-via", "redo");
  await expect(entries.first()).toContainText("redo:");
  await expect(entries.nth(1)).toHaveAttribute("data-via", "undo");
  await expect(entries.nth(1)).toContainText("undo:");
  await expect(entries.nth(2)).toHaveAttribute("data-via", "");
});
