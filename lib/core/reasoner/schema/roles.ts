import type { ColumnRole, SemanticModel } from "../../model/semantic-model";
import { semanticTable } from "../../model/semantic-model";
import { columnRole, type RoleInput } from "../../index/semantic/column-role";

/**
 * What a column is for (`ColumnRole`, defined with the semantic model): the reasoner reads each
 * column's role from the dataset's semantic model (`lib/core/index/semantic/`), where the inference
 * and the user's corrections put it. Keys are never summed or averaged, MIN/MAX apply to measures and
 * dates, a "which …" answer is a label.
 */
export type { ColumnRole, RoleInput };
export { referenceColumns } from "../../index/semantic/column-role";

/** The role the semantic model gives a column; for a column it lacks, the role read from the column alone. */
export function roleOf(model: SemanticModel | null | undefined, c: RoleInput, isReference: boolean): ColumnRole {
  return semanticTable(model, c.table)?.roles[c.column] ?? columnRole(c, isReference);
}

/** Roles that are never summed or averaged. */
export function isKeyRole(role: ColumnRole | undefined): boolean {
  return role === "identifier" || role === "reference" || role === "code";
}

/** Whether an aggregate may apply to a column of this role (COUNT applies to any). */
export function aggregates(role: ColumnRole | undefined, fn: "count" | "sum" | "avg" | "min" | "max"): boolean {
  if (fn === "count" || role === undefined) return true;
  if (fn === "sum" || fn === "avg") return role === "measure";
  // MIN/MAX of a name is the alphabetically first, which nobody means by "the most expensive".
  return role === "measure" || role === "date";
}
