import pluralize from "pluralize";
import type { ColumnRef } from "../../model/column-ref";
import type { RetrievalPorts } from "../../retrieval/ports";
import { WHO_QUESTION } from "../lang/en/programs";
import { semanticModelOf } from "./semantic";

/**
 * "Who …?" asks for a person. In the semantic model a table whose rows are named by a first and a
 * last name (a composite label) holds people; when the question asks "who" and one such table is in
 * reach (the only one, or the one whose entity the question names), its name columns answer it.
 */
export function askedPerson(
  question: string,
  ports: Pick<RetrievalPorts, "schema" | "graph" | "semantic">,
): {
  table: string;
  columns: ColumnRef[];
} | null {
  if (!WHO_QUESTION.test(question)) return null;
  const present = new Set(ports.schema.tables.map((t) => t.name));
  const people = semanticModelOf(ports).tables.filter(
    (t) => present.has(t.table) && (t.label?.columns.length ?? 0) >= 2 && t.kind.value !== "view",
  );
  const words = new Set((question.toLowerCase().match(/[\p{L}]+/gu) ?? []).map((w) => pluralize.singular(w)));
  const named = people.filter((t) => t.entity.singular.split(/\s+/).every((w) => words.has(w)));
  const person = people.length === 1 ? people[0] : named.length === 1 ? named[0] : null;
  return person
    ? { table: person.table, columns: person.label!.columns.map((column) => ({ table: person.table, column })) }
    : null;
}
