import type { ColumnType } from "../model/dataset";

/**
 * Whether two column types can hold the same keys. Integers meet text because codes are often
 * numbers in one table and strings in another; reals never key anything; booleans and dates
 * only meet their own kind.
 */
export function typesCompatible(a: ColumnType, b: ColumnType): boolean {
  if (a === b) return a !== "real" && a !== "boolean";
  const pair = [a, b].sort().join("+");
  return pair === "integer+text";
}
