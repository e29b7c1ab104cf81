import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import type { BuiltDataset } from "./datasets/index.mts";
import { buildQuestions, fieldProblems, goldAnswer, splitProblems, type WrittenQuestion } from "./gold.mts";

const dir = mkdtempSync(path.join(os.tmpdir(), "realworld-gold-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const reference = path.join(dir, "shop.sqlite");
const setup = new Database(reference);
setup.exec(
  "CREATE TABLE offices (city TEXT, staff INTEGER, note TEXT);" +
    "INSERT INTO offices VALUES ('Boston', 2, NULL), ('NYC', 2, 'x'), ('Paris', 5, 'y');",
);
setup.close();
const datasets = new Map<string, BuiltDataset>([
  ["shop", { name: "shop", kind: "sqlite", db: "shop", reference }],
  ["sheet", { name: "sheet", kind: "csv", files: ["sheet/a.csv", "sheet/b.csv"], reference }],
]);

const q = (over: Partial<WrittenQuestion>): WrittenQuestion => ({
  id: "q1",
  dataset: "shop",
  question: "Which office is smallest?",
  gold_sql: "SELECT city FROM offices WHERE staff = (SELECT MIN(staff) FROM offices)",
  tags: ["min-max", "ties"],
  ...over,
});

describe("gold answers", () => {
  it("lists every tied row of the gold SQL, one value per row", () => {
    const db = new Database(reference, { readonly: true });
    expect(goldAnswer(db, q({}).gold_sql!)).toEqual(["Boston", "NYC"]);
    db.close();
  });

  it("refuses gold SQL with several columns, no rows, a NULL, or more rows than an analyst reads", () => {
    const db = new Database(reference, { readonly: true });
    expect(() => goldAnswer(db, "SELECT city, staff FROM offices")).toThrow(/2 columns/);
    expect(() => goldAnswer(db, "SELECT city FROM offices WHERE staff > 9")).toThrow(/no rows/);
    expect(() => goldAnswer(db, "SELECT note FROM offices")).toThrow(/NULL/);
    expect(() =>
      goldAnswer(db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 21) SELECT i FROM n"),
    ).toThrow(/21 rows/);
    db.close();
  });

  it("builds external-format questions: db for a database, files for a CSV set, no answer out of scope", () => {
    const { questions, problems } = buildQuestions(
      [
        q({}),
        q({ id: "q2", dataset: "sheet", gold_sql: "SELECT COUNT(*) FROM offices", tags: ["count"] }),
        q({ id: "q3", gold_sql: undefined, tags: ["out-of-scope"], out_of_scope: true }),
      ],
      "tune",
      datasets,
    );
    expect(problems).toEqual([]);
    expect(questions[0]).toMatchObject({ id: "q1", db: "shop", answer: ["Boston", "NYC"], split: "tune" });
    expect(questions[1]).toMatchObject({ id: "q2", files: ["sheet/a.csv", "sheet/b.csv"], answer: [3] });
    expect(questions[2]).toMatchObject({ id: "q3", out_of_scope: true });
    expect(questions[2].answer).toBeUndefined();
  });

  it("reports malformed questions instead of building them", () => {
    const names = new Set(datasets.keys());
    expect(fieldProblems(q({ tags: ["lookup", "guess" as never] }), names)).toEqual(['unknown tag "guess"']);
    expect(fieldProblems(q({ dataset: "nope" }), names)).toEqual(['unknown dataset "nope"']);
    expect(fieldProblems(q({ out_of_scope: true }), names)).toEqual([
      "out_of_scope and the out-of-scope tag disagree",
      "an out-of-scope question has no gold SQL",
    ]);
    expect(fieldProblems(q({ gold_sql: undefined }), names)).toEqual(["needs gold_sql"]);
    const { questions, problems } = buildQuestions([q({ gold_sql: "SELECT nope FROM offices" })], "tune", datasets);
    expect(questions).toEqual([]);
    expect(problems[0]).toMatch(/^q1: .*nope/);
  });

  it("keeps each dataset in one half and every id unique", () => {
    expect(splitProblems({ tune: [q({})], report: [q({ id: "q2", dataset: "sheet" })] })).toEqual([]);
    expect(splitProblems({ tune: [q({})], report: [q({})] })).toEqual([
      "q1: duplicate id",
      "dataset shop is in both the tune and the report half",
    ]);
  });

  it("keeps a fresh dataset out of both halves (it joins tune only after it is measured)", () => {
    expect(splitProblems({ tune: [q({})], report: [], fresh: [q({ id: "f1", dataset: "sheet" })] })).toEqual([]);
    expect(splitProblems({ tune: [], report: [q({})], fresh: [q({ id: "f1" })] })).toEqual([
      "dataset shop is in both the report and the fresh half",
    ]);
    expect(splitProblems({ tune: [q({})], report: [], fresh: [q({ id: "q1", dataset: "sheet" })] })).toEqual([
      "q1: duplicate id",
    ]);
    const { questions, problems } = buildQuestions(
      [q({ id: "f1", tags: ["min-max", "ties", "view"] })],
      "fresh",
      datasets,
    );
    expect(problems).toEqual([]);
    expect(questions[0]).toMatchObject({ id: "f1", split: "fresh", answer: ["Boston", "NYC"] });
  });
});
