import { afterEach, describe, expect, it } from "vitest";
import { semanticTable, type SemanticModel } from "../../model/semantic-model";
import { memoryEngine } from "../../retrieval/testing/libsql-engine";
import { specPorts } from "../../retrieval/testing/spec-ports";
import { applySemanticEdits } from "./edits";
import { libraryDatabase } from "./testing/library";

const open: Array<{ close(): void }> = [];
afterEach(() => open.splice(0).forEach((e) => e.close()));

async function libraryModel(): Promise<SemanticModel> {
  const engine = memoryEngine();
  open.push(engine);
  const { tables, views } = libraryDatabase();
  const ports = await specPorts(engine, tables, { views });
  return ports.semantic!;
}

describe("inferSemanticModel on a generated library database", () => {
  it("names each table's entity in the singular and plural", async () => {
    const m = await libraryModel();
    expect(semanticTable(m, "members")?.entity).toMatchObject({ singular: "member", plural: "members" });
    expect(semanticTable(m, "book_authors")?.entity).toMatchObject({ singular: "book author", plural: "book authors" });
  });

  it("labels a person by first + last name and a book by its title", async () => {
    const m = await libraryModel();
    expect(semanticTable(m, "members")?.label).toMatchObject({ columns: ["first_name", "last_name"], separator: " " });
    expect(semanticTable(m, "books")?.label?.columns).toEqual(["title"]);
    expect(semanticTable(m, "authors")?.label?.columns).toEqual(["name"]);
    expect(semanticTable(m, "loans")?.label).toBeNull();
    expect(semanticTable(m, "members")?.roles.first_name).toBe("label");
  });

  it("reads keys, references, a bridge and an event table", async () => {
    const m = await libraryModel();
    const bridge = semanticTable(m, "book_authors")!;
    expect(bridge.kind.value).toBe("bridge");
    expect(bridge.bridges.sort()).toEqual(["authors", "books"]);
    const loans = semanticTable(m, "loans")!;
    expect(loans.identifiers).toEqual(["loan_id"]);
    expect(loans.references.map((r) => `${r.column}->${r.to.table}`).sort()).toEqual([
      "book_id->books",
      "member_id->members",
    ]);
    expect(loans.kind.value).toBe("event");
    expect(loans.roles.member_id).toBe("reference");
    expect(semanticTable(m, "members")!.kind.value).toBe("entity");
  });

  it("finds units from names and magnitudes, and how measures aggregate", async () => {
    const m = await libraryModel();
    const price = semanticTable(m, "books")!.measures.find((x) => x.column === "price_usd");
    expect(price).toMatchObject({ unit: { unit: "USD", scale: 1 }, aggregation: "avg" });
    const reading = semanticTable(m, "loans")!.measures.find((x) => x.column === "reading_min");
    expect(reading?.unit).toEqual({ unit: "min", scale: 1 });
    const visits = semanticTable(m, "monthly_totals")!.measures.find((x) => x.column === "visits_thousands");
    expect(visits?.unit?.scale).toBe(1000);
    expect(visits?.aggregation).toBe("sum");
  });

  it("finds dates with their storage and grain", async () => {
    const m = await libraryModel();
    const joined = semanticTable(m, "members")!.dates.find((d) => d.column === "joined_on");
    expect(joined).toMatchObject({ storage: "text", pattern: "mon-d-y", grain: "day" });
    const loaned = semanticTable(m, "loans")!.dates.find((d) => d.column === "loaned_at");
    expect(loaned).toMatchObject({ storage: "iso-text", grain: "second" });
    const year = semanticTable(m, "books")!.dates.find((d) => d.column === "published_year");
    expect(year).toMatchObject({ storage: "year-number", grain: "year" });
    const monthEnd = semanticTable(m, "monthly_totals")!.dates.find((d) => d.column === "month_end");
    expect(monthEnd).toMatchObject({ grain: "month", monthEnd: true });
    expect(semanticTable(m, "members")!.roles.joined_on).toBe("date");
  });

  it("finds flags and which value means true", async () => {
    const m = await libraryModel();
    const active = semanticTable(m, "members")!.flags.find((f) => f.column === "is_active");
    expect(active).toMatchObject({ trueValues: ["Y"], falseValues: ["N"], meaning: "active" });
    const status = semanticTable(m, "loans")!.flags.find((f) => f.column === "status");
    expect(status).toMatchObject({ trueValues: ["finished"], falseValues: ["not finished"] });
  });

  it("marks views with the base tables they read", async () => {
    const m = await libraryModel();
    const view = semanticTable(m, "member_loans")!;
    expect(view.kind.value).toBe("view");
    expect(view.view?.baseTables).toEqual(["loans", "members"]);
    expect(semanticTable(m, "open_loans")!.view?.baseTables).toEqual(["loans"]);
    expect(semanticTable(m, "members")!.view).toBeNull();
  });

  it("gives every inferred fact a confidence and evidence in words", async () => {
    const m = await libraryModel();
    const facts = m.tables.flatMap((t) => [
      t.kind,
      t.entity,
      ...(t.label ? [t.label] : []),
      ...t.measures,
      ...t.dates,
      ...t.flags,
    ]);
    expect(facts.length).toBeGreaterThan(20);
    for (const f of facts) {
      expect(f.origin).toBe("inferred");
      expect(f.confidence).toBeGreaterThan(0);
      expect(f.evidence?.length).toBeGreaterThan(3);
    }
  });
});

describe("applySemanticEdits", () => {
  it("lets the user's edits win and moves the column's role with them", async () => {
    const m = await libraryModel();
    const { model, ignored } = applySemanticEdits(m, [
      { kind: "entity", table: "loans", value: { singular: "borrowing", plural: "borrowings" } },
      { kind: "label", table: "members", value: { columns: ["last_name"] } },
      { kind: "measure", table: "books", column: "pages", value: { unit: null, scale: 1, aggregation: "avg" } },
      { kind: "flag", table: "loans", column: "status", value: { trueValues: ["not finished"] } },
      { kind: "date", table: "books", column: "published_year", value: null },
      { kind: "label", table: "gone", value: null },
    ]);
    expect(semanticTable(model, "loans")!.entity).toEqual({
      singular: "borrowing",
      plural: "borrowings",
      origin: "user",
    });
    const members = semanticTable(model, "members")!;
    expect(members.label).toMatchObject({ columns: ["last_name"], origin: "user" });
    expect(members.roles.first_name).toBe("text");
    expect(semanticTable(model, "books")!.measures.find((x) => x.column === "pages")).toMatchObject({
      aggregation: "avg",
      origin: "user",
    });
    expect(semanticTable(model, "loans")!.flags.find((f) => f.column === "status")?.trueValues).toEqual([
      "not finished",
    ]);
    expect(semanticTable(model, "books")!.dates.some((d) => d.column === "published_year")).toBe(false);
    expect(ignored.map((e) => e.table)).toEqual(["gone"]);
    // The inferred model is left as it was.
    expect(semanticTable(m, "members")!.label?.columns).toEqual(["first_name", "last_name"]);
  });
});
