import type { SemanticEdit, SemanticModel, SemanticTable } from "../../model/semantic-model";

/**
 * A user's corrections over the inferred model: each edit replaces the inferred fact of its table and
 * column (origin "user", no confidence), or removes it (`value: null`), and the column's role follows
 * (a column given a unit is a measure, one marked as a date a date). Edits of tables or columns the
 * dataset no longer has are returned as `ignored`, kept for when they come back.
 */
export function applySemanticEdits(
  model: SemanticModel,
  edits: readonly SemanticEdit[],
): { model: SemanticModel; ignored: SemanticEdit[] } {
  const tables = new Map(model.tables.map((t) => [t.table, structuredClone(t)]));
  const ignored: SemanticEdit[] = [];
  for (const e of edits) {
    const t = tables.get(e.table);
    const column = "column" in e ? e.column : null;
    const labelColumns = e.kind === "label" ? (e.value?.columns ?? []) : [];
    if (!t || (column !== null && !(column in t.roles)) || labelColumns.some((c) => !(c in t.roles))) {
      ignored.push(e);
      continue;
    }
    applyOne(t, e);
  }
  return { model: { ...model, tables: model.tables.map((t) => tables.get(t.table)!) }, ignored };
}

const user = { origin: "user" as const };

/** Removes every fact of a column but `keep`, so one column is one thing. */
function clearColumn(t: SemanticTable, column: string, keep: "measure" | "flag" | "date"): void {
  if (keep !== "measure") t.measures = t.measures.filter((m) => m.column !== column);
  if (keep !== "flag") t.flags = t.flags.filter((f) => f.column !== column);
  if (keep !== "date") t.dates = t.dates.filter((d) => d.column !== column);
}

function applyOne(t: SemanticTable, e: SemanticEdit): void {
  switch (e.kind) {
    case "entity":
      t.entity = { singular: e.value.singular, plural: e.value.plural, ...user };
      return;
    case "label": {
      for (const c of t.label?.columns ?? []) if (t.roles[c] === "label") t.roles[c] = "text";
      if (!e.value) {
        t.label = null;
        return;
      }
      const composite = e.value.columns.length > 1;
      t.label = {
        columns: e.value.columns,
        separator: e.value.separator ?? " ",
        names: composite ? ["full name", "name"] : [],
        ...user,
      };
      for (const c of e.value.columns) t.roles[c] = "label";
      return;
    }
    case "measure": {
      t.measures = t.measures.filter((m) => m.column !== e.column);
      if (!e.value) {
        // A number that is not a quantity is matched, never summed (a code).
        if (t.roles[e.column] === "measure") t.roles[e.column] = "code";
        return;
      }
      clearColumn(t, e.column, "measure");
      t.measures.push({
        column: e.column,
        aggregation: e.value.aggregation ?? "sum",
        unit: e.value.unit || e.value.scale ? { unit: e.value.unit ?? "", scale: e.value.scale ?? 1 } : null,
        ...user,
      });
      t.roles[e.column] = "measure";
      return;
    }
    case "flag": {
      const meaning = t.flags.find((f) => f.column === e.column)?.meaning;
      t.flags = t.flags.filter((f) => f.column !== e.column);
      if (!e.value) return;
      clearColumn(t, e.column, "flag");
      t.flags.push({
        column: e.column,
        trueValues: e.value.trueValues,
        falseValues: e.value.falseValues ?? [],
        ...(meaning ? { meaning } : {}),
        ...user,
      });
      t.roles[e.column] = "category";
      return;
    }
    case "date": {
      const before = t.dates.find((d) => d.column === e.column);
      t.dates = t.dates.filter((d) => d.column !== e.column);
      if (!e.value) {
        if (t.roles[e.column] === "date") t.roles[e.column] = "category";
        return;
      }
      clearColumn(t, e.column, "date");
      const storage = e.value.pattern
        ? "text"
        : e.value.grain === "year" && !before
          ? "year-number"
          : (before?.storage ?? "iso-text");
      t.dates.push({
        column: e.column,
        grain: e.value.grain,
        storage,
        ...(e.value.pattern ? { pattern: e.value.pattern } : {}),
        monthEnd: before?.monthEnd ?? false,
        ...user,
      });
      t.roles[e.column] = "date";
    }
  }
}
