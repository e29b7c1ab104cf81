import "server-only";
import { HttpError } from "./errors";

/** What can be missing; each kind's error code is `<kind>_not_found`. */
export type NotFoundKind =
  | "dataset"
  | "table"
  | "column"
  | "row"
  | "cell"
  | "edge"
  | "run"
  | "import"
  | "compare"
  | "question_set"
  | "batch"
  | "learned_example"
  | "glossary_entry";
export type NotFoundCode = `${NotFoundKind}_not_found`;

const MESSAGES: Record<NotFoundKind, (id: string, inside: string) => string> = {
  dataset: (id) => `There is no dataset with id "${id}".`,
  table: (id, dataset) => `Dataset "${dataset}" has no table "${id}".`,
  column: (id, table) => `Table "${table}" has no column "${id}".`,
  row: (id, table) => `Table "${table}" has no row ${id}.`,
  cell: (id, table) => `${id} of "${table}" is empty.`,
  edge: (id) => `There is no curated edge "${id}" in this dataset.`,
  run: (id) => `There is no run with id "${id}".`,
  import: (id) => `No import with id "${id}" is known (yet).`,
  compare: (id) => `There is no compare with id "${id}".`,
  question_set: (id) => `There is no question set with id "${id}".`,
  batch: (id) => `There is no batch with id "${id}".`,
  learned_example: (id, dataset) => `Dataset "${dataset}" has no learned answer "${id}".`,
  glossary_entry: (id) => `There is no glossary entry "${id}" in this dataset.`,
};

/**
 * The one 404: `notFound("dataset", id)`, or with the container's name for what lives inside one
 * (`notFound("table", name, dataset.name)`). Throw it; `handle()` turns it into the JSON error.
 */
export function notFound(kind: NotFoundKind, id: string, inside = ""): HttpError {
  return new HttpError(`${kind}_not_found` satisfies NotFoundCode, MESSAGES[kind](id, inside), 404);
}
