// BIRD tune databases (schemas and column descriptions, no rows) as linker examples, read as the
// bird-schema suite imports them: names and keys from tables.json, BIRD's descriptions as a
// user's edited descriptions.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describeColumn } from "../../../lib/core/index/describe-column.ts";
import { describeTable } from "../../../lib/core/index/describe-table.ts";
import { profileColumn } from "../../../lib/core/index/profile.ts";
import type { LinkColumn } from "../../../lib/core/reasoner/schema/linking/features.ts";
import type { ColumnType } from "../../../lib/core/model/dataset.ts";
import type { WordPredicate } from "../../../lib/core/text/lexicon.ts";
import { birdDescriptions, type BirdSchema } from "../../eval/suites/bird-schema.mts";
import { questionExamples, type QuestionExamples } from "./examples.mts";

const TYPES: Record<string, ColumnType> = {
  integer: "integer",
  real: "real",
  number: "real",
  date: "date",
  datetime: "date",
};

/** Examples of the BIRD mini-dev questions of the given databases (question + evidence, as the suite asks). */
export function birdExamples(datasets: string, dbs: readonly string[], isWord: WordPredicate): QuestionExamples[] {
  const root = path.join(datasets, "bird_minidev");
  const schemas = JSON.parse(readFileSync(path.join(root, "mini_dev_sqlite_tables.json"), "utf8")) as BirdSchema[];
  const items = JSON.parse(readFileSync(path.join(root, "mini_dev_sqlite.json"), "utf8")) as Array<{
    db_id: string;
    question: string;
    evidence: string;
    SQL: string;
  }>;
  const out: QuestionExamples[] = [];
  for (const db of dbs) {
    const s = schemas.find((x) => x.db_id === db);
    if (!s) continue;
    const descriptions = birdDescriptions(db);
    const pk = new Set(s.primary_keys.flatMap((k) => (Array.isArray(k) ? k : [k])));
    const columns: LinkColumn[] = [];
    s.table_names_original.forEach((t, ti) => {
      const cols = s.column_names_original
        .map((c, ci) => ({ name: c[1], ci, table: c[0] }))
        .filter((c) => c.table === ti);
      const metas = cols.map((c, i) => ({
        name: c.name,
        sqlName: c.name,
        position: i,
        isPrimaryKey: pk.has(c.ci),
        nullable: true,
        type: TYPES[s.column_types[c.ci]] ?? ("text" as ColumnType),
      }));
      const td = describeTable(
        { name: t, rowCount: 0, columns: metas },
        metas.filter((m) => m.isPrimaryKey).map((m) => m.sqlName),
        { isWord },
      );
      for (const m of metas) {
        const d = describeColumn(t, m, profileColumn(m.type, [], 0), { isWord });
        const bird = descriptions.get(`${t.toLowerCase()}.${m.name.toLowerCase()}`);
        const description = bird
          ? bird.expandedName
            ? `${bird.expandedName}: ${bird.description}`
            : bird.description
          : d.description;
        columns.push({
          table: t,
          tableExpanded: td.expandedName,
          column: m.name,
          name: m.name,
          expandedName: d.expandedName,
          description,
          type: m.type,
          isPrimaryKey: m.isPrimaryKey,
          uniqueness: 0,
        });
      }
    });
    const goldSchema = new Map(
      s.table_names_original.map((t, ti) => [
        t.toLowerCase(),
        s.column_names_original.filter((c) => c[0] === ti).map((c) => c[1].toLowerCase()),
      ]),
    );
    for (const item of items.filter((x) => x.db_id === db)) {
      const question = item.evidence ? `${item.question} (${item.evidence})` : item.question;
      const ex = questionExamples({ db, question, sql: item.SQL }, columns, [], goldSchema);
      if (ex) out.push(ex);
    }
  }
  return out;
}
