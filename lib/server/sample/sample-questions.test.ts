import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { exactMatch } from "@/lib/core/eval";
import { parseQuestionSet } from "@/lib/core/eval/question-set";
import { SAMPLE_QUESTIONS, sampleQuestionsJsonl } from "@/lib/core/sample/questions";
import { buildSampleFiles } from "./build-sample";

const dir = mkdtempSync(path.join(os.tmpdir(), "sample-questions-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the sample's question set", () => {
  it("has answers equal to what each gold query returns on the generated sample", async () => {
    const files = await buildSampleFiles(dir);
    const db = new Database(files.find((f) => f.name.endsWith(".sqlite"))!.path, { readonly: true });
    for (const q of SAMPLE_QUESTIONS) {
      const rows = db.prepare(q.gold_sql).raw(true).all() as unknown[][];
      expect(exactMatch(q.answer, rows.flat()), `${q.id}: ${q.question}`).toBe(true);
    }
    db.close();
    expect(SAMPLE_QUESTIONS.length).toBe(20);
  });

  it("reads back whole through the upload parser", () => {
    const parsed = parseQuestionSet(sampleQuestionsJsonl());
    expect(parsed.errors).toEqual([]);
    expect(parsed.items.map((i) => i.id)).toEqual(SAMPLE_QUESTIONS.map((q) => q.id));
  });
});
