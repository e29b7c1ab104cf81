import { z } from "zod";
import { cellValueSchema, eventBase } from "./atoms";

/** The five kinds of constraint a user can put on a re-run (pin / exclude a column or edge, a condition). */
const constraintKindSchema = z.enum(["include-column", "exclude-column", "include-edge", "exclude-edge", "condition"]);
export type ConstraintKind = z.infer<typeof constraintKindSchema>;

/**
 * A user's constraint met a step of the method: what the method would have done without it and
 * what it did instead. `changed` is false when the method had already done what the constraint
 * asks (a pinned column the vote kept anyway); `target` is a column key, an edge id, or
 * "table.column = value" for a condition.
 */
export const constraintEvent = z.object({
  ...eventBase,
  type: z.literal("constraint"),
  kind: constraintKindSchema,
  target: z.string().max(500),
  changed: z.boolean(),
  /** One sentence in the user's words, e.g. "The vote kept schools.county; it was dropped." */
  effect: z.string().max(1000),
  value: cellValueSchema.optional(),
});
