// Every database, table and question of the *report* splits (../shared/datasets/SPLITS.md), as the
// `<kind>:<name>` ids a model manifest lists its training sources with. A model trained on any of
// them would make the report numbers meaningless; manifest.test.ts checks against this list.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { BIRD_REPORT_DBS, SPIDER_TUNE_DBS } from "../eval/splits.mts";
import { sharedDatasets } from "../eval/datasets.mts";

const jsonl = (file: string): Array<Record<string, unknown>> =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/** The report split's ids; throws when the datasets folder is missing. */
export function reportSplitIds(root = sharedDatasets()): Set<string> {
  const ids = new Set<string>();
  const spider = JSON.parse(readFileSync(path.join(root, "spider", "dev_subset_19db.json"), "utf8")) as Array<{
    db_id: string;
  }>;
  for (const q of spider) if (!SPIDER_TUNE_DBS.includes(q.db_id)) ids.add(`spider-db:${q.db_id}`);
  for (const db of BIRD_REPORT_DBS) ids.add(`bird-db:${db}`);
  const wtq = readFileSync(path.join(root, "wikitablequestions", "data", "pristine-unseen-tables.tsv"), "utf8");
  for (const line of wtq.split(/\r?\n/).slice(1).filter(Boolean)) {
    const [id, , context] = line.split("\t");
    ids.add(`wtq-question:${id}`);
    ids.add(`wtq-table:${context}`);
  }
  const aitqaFile = path.join(root, "aitqa", "raw_data", "aitqa_questions.jsonl");
  if (existsSync(aitqaFile)) {
    for (const q of jsonl(aitqaFile)) {
      const table = String(q.table_id);
      if (Number(table.split("-")[1]) % 2 === 1) ids.add(`aitqa-table:${table}`);
    }
  }
  for (const q of jsonl(path.join(root, "hitab", "data", "test_samples_qualitycheck.jsonl"))) {
    const lead = /^(\d+)/.exec(String(q.table_id));
    if (lead && Number(lead[1].at(-1)) % 2 === 1) ids.add(`hitab-table:${q.table_id}`);
  }
  const ottqa = JSON.parse(
    readFileSync(path.join(root, "ottqa_hybridqa_sample", "ottqa_dev_questions.json"), "utf8"),
  ) as Array<{
    question_id: string;
    table_id: string;
  }>;
  ottqa.forEach((q, i) => {
    if (i % 2 === 1) {
      ids.add(`ottqa-question:${q.question_id}`);
      ids.add(`wiki-table:${q.table_id}`);
    }
  });
  return ids;
}
