import type { ColumnType, ColumnTypingNote } from "../model/dataset";
import type { ColumnState } from "./column-state";
import type { WrittenForm } from "./written-number";

/** "34,02", "-1.234,5": a number with a decimal comma (European). */
const DECIMAL_COMMA = /^-?(\d{1,3}(\.\d{3})+|\d+),\d+$/;

/** Why a column that could have held numbers was kept as text, when one of these is the reason. */
export type TextCause = "mixed" | "ambiguous-grouping" | null;

const quoted = (values: readonly string[]) =>
  values.map((v) => `"${v.length > 24 ? `${v.slice(0, 24)}…` : v}"`).join(", ");
const cells = (n: number) => `${n.toLocaleString("en")} cell${n === 1 ? "" : "s"}`;

function formWords(form: WrittenForm | undefined): string {
  const parts: string[] = [];
  if (form?.decimals) parts.push(`${form.decimals} decimal place${form.decimals === 1 ? "" : "s"}`);
  if (form?.grouping) parts.push("commas between thousands");
  return parts.length ? `; written with ${parts.join(" and ")}, shown as written` : "";
}

/** What kind of values the column holds, in words. */
function kindWords(state: ColumnState, type: ColumnType, cause: TextCause, form: WrittenForm | undefined): string {
  switch (type) {
    case "integer":
      return `numbers: every value is a whole number${formWords(form)}`;
    case "real":
      return `numbers: every value is a number${formWords(form)}`;
    case "date":
      return "dates: every value reads as a date (stored as written)";
    case "boolean":
      return "true/false: every value is true, false, yes or no (stored as written)";
    default:
      if (cause === "ambiguous-grouping")
        return (
          "text: its numbers are written like 1,234, where the comma could be a thousands separator or a " +
          "decimal comma; kept as text (a value such as 1,234,567 or 1,234.5 would settle it)"
        );
      if (cause === "mixed" && state.words.length > 0 && state.words.every((w) => DECIMAL_COMMA.test(w)))
        return (
          `text: numbers written with a decimal comma (such as ${quoted(state.words)}); kept as text, so SQL ` +
          "compares it as text"
        );
      if (cause === "mixed")
        return (
          `text: numbers and words side by side (words such as ` +
          `${quoted(state.words.length ? state.words : [state.firstMarker ?? ""])}); kept as text, so SQL ` +
          "compares it as text"
        );
      if (state.codes > 0 && state.firstCode)
        return `text: codes such as "${state.firstCode}" (a leading zero or more than 15 digits), kept as written`;
      if (state.tally.texts + state.markers === 0) return "text: the column has no values";
      return "text";
  }
}

/** The import report's line for one column: what it was typed and why, and whether it is flagged. */
export function reportColumn(
  state: ColumnState,
  type: ColumnType,
  cause: TextCause,
  form: WrittenForm | undefined,
): ColumnTypingNote {
  const notes: string[] = [];
  const numeric = type === "integer" || type === "real";
  if (numeric && state.markers > 0)
    notes.push(
      `"${state.firstMarker}" and the like (${cells(state.markers)}) mean a missing number: ` +
        "NULL to SQL, shown as written",
    );
  if (state.spaces > 0) notes.push(`${cells(state.spaces)} of only spaces: NULL to SQL, shown as written`);
  const reason = [kindWords(state, type, cause, form), ...notes].join("; ");
  return cause ? { reason, flag: cause } : { reason };
}
