import type { ColumnRef } from "../../model/column-ref";
import { type SemanticModel, semanticTable } from "../../model/semantic-model";
import type { DateFormat } from "../../retrieval/sql/date-expr";
import type { stepColumnSchema } from "../../retrieval/types";
import type { z } from "zod";

type StepColumn = z.infer<typeof stepColumnSchema>;
import type { AnswerEntity } from "../answer/input";

/**
 * The semantic model's facts as the steps' inputs carry them (schema/step-inputs.ts): per column its
 * unit, yes/no reading and date grain; per table its entity and label. The steps read these, never
 * the model itself, so an input written down (a test, a stored run) says everything a step used.
 */

/** A column's unit, flag and grain, when the model has them. */
export function columnFacts(
  model: SemanticModel,
  ref: ColumnRef,
): Partial<Pick<StepColumn, "unit" | "flag" | "grain">> {
  const t = semanticTable(model, ref.table);
  if (!t) return {};
  const measure = t.measures.find((m) => m.column === ref.column);
  const flag = t.flags.find((f) => f.column === ref.column);
  const date = t.dates.find((d) => d.column === ref.column);
  return {
    ...(measure?.unit ? { unit: { unit: measure.unit.unit, scale: measure.unit.scale } } : {}),
    ...(flag
      ? {
          flag: {
            trueValues: flag.trueValues,
            falseValues: flag.falseValues,
            ...(flag.meaning ? { meaning: flag.meaning } : {}),
          },
        }
      : {}),
    ...(date ? { grain: date.grain } : {}),
  };
}

/**
 * How a column writes its dates when not ISO: the model's pattern for a column it reads as a text
 * date (a user's "this is a date written Jan 1 2000" included); for a table the model lacks, what the
 * column's examples show.
 */
export function dateFormatOf(
  model: SemanticModel,
  doc: (ColumnRef & { dateFormat?: DateFormat }) | undefined,
): { dateFormat?: DateFormat } {
  if (!doc) return {};
  const t = semanticTable(model, doc.table);
  if (!t) return doc.dateFormat ? { dateFormat: doc.dateFormat } : {};
  const date = t.dates.find((d) => d.column === doc.column);
  return date?.storage === "text" && date.pattern ? { dateFormat: date.pattern } : {};
}

/** The entities of the answer's tables: kind, names and label. */
export function entitiesOf(model: SemanticModel, tables: readonly string[]): AnswerEntity[] {
  return tables.flatMap((name) => {
    const t = semanticTable(model, name);
    return t
      ? [
          {
            table: name,
            kind: t.kind.value,
            singular: t.entity.singular,
            plural: t.entity.plural,
            label: t.label ? { columns: t.label.columns, separator: t.label.separator } : null,
          },
        ]
      : [];
  });
}
