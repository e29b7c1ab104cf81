import { type ColumnRef, refKey } from "../../model/column-ref";
import type { RetrievalPorts } from "../../retrieval/ports";
import { schemaDocs } from "../../retrieval/schema-docs";
import { contentWords, wordsMeet } from "../../retrieval/vocab";
import { DATE_WORDS } from "../lang/en/linking";
import { WHEN_QUESTION, WHO_QUESTION } from "../lang/en/programs";
import { splitName } from "../programs/full-name";

/**
 * Columns a wh-question asks to be shown, kept whatever the schema vote said (linked-columns.ts
 * adds them): "who won …" needs the name of the people its rows relate to (the one table whose rows
 * are named by a first and a last name), "when was X born" the date its verb names.
 */
export function askedColumns(question: string, ports: RetrievalPorts, voted: readonly ColumnRef[]): ColumnRef[] {
  const { columns } = schemaDocs(ports.schema);
  const votedTables = new Set(voted.map((v) => v.table));
  const out: ColumnRef[] = [];
  if (WHO_QUESTION.test(question)) {
    const byTable = new Map<string, typeof columns>();
    for (const c of columns) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
    const people = [...byTable.values()].map((cols) => splitName(cols)).filter((p) => !!p);
    const voters = people.filter((p) => votedTables.has(p[0].table));
    if (!voters.length && people.length === 1) out.push(...people[0].map(({ table, column }) => ({ table, column })));
  }
  if (WHEN_QUESTION.test(question)) {
    const words = contentWords(question);
    const dateLike = (c: (typeof columns)[number]) =>
      !!c.dateFormat ||
      c.type === "date" ||
      (c.numeric || c.numericText ? c.words.includes("year") : c.words.some((w) => DATE_WORDS.includes(w)));
    const named = columns
      .filter((c) => votedTables.has(c.table) && !c.keyLike)
      .filter((c) => c.own.some((o) => words.some((w) => wordsMeet(w, o))))
      .filter((c) => dateLike(c) || c.type === "text");
    const votedKeys = new Set(voted.map(refKey));
    for (const c of named.filter(dateLike))
      if (!votedKeys.has(refKey(c))) out.push({ table: c.table, column: c.column });
  }
  return out;
}
