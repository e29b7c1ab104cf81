import { z } from "zod";
import { columnKey, parseColumnKey } from "../model/column-ref";
import { MAX_GLOSSARY_ENTRIES, MAX_GLOSSARY_PHRASE_CHARS, MAX_GLOSSARY_TEXT_CHARS } from "../model/limits";
import type { RetrievalSchema } from "./ports";
import type { CellHint } from "./types";

/**
 * A dataset's glossary: what a word or phrase of the questions means, told by the user.
 * - `column`: the phrase names a column ("expensive" → Products.UnitPrice);
 * - `value`: the phrase names a value of a column ("Big Apple" → City = 'New York');
 * - `filter`: the phrase stands for a condition on a column ("US" → Country = 'USA').
 * The retrieval methods read it through one seam (`RetrievalPorts.glossary`): a column entry joins
 * the column's expanded name and description (what schema linking and the answer step read), a
 * value or filter entry becomes a value hint for the question's words.
 */
export const glossaryTargetSchema = z.enum(["column", "value", "filter"]);

export const glossaryEntrySchema = z
  .object({
    phrase: z
      .string()
      .trim()
      .min(1, "Say which word or phrase")
      .max(
        MAX_GLOSSARY_PHRASE_CHARS,
        `A phrase is at most ${MAX_GLOSSARY_PHRASE_CHARS} characters (MAX_GLOSSARY_PHRASE_CHARS)`,
      )
      .refine((p) => /[\p{L}\p{N}]/u.test(p), "A phrase needs a letter or a digit"),
    target: glossaryTargetSchema,
    /** The column's node id, "table.column" (its sqlName). */
    column: z.string().min(1).max(600),
    /** The value a value or filter entry stands for (as the cells write it). */
    value: z
      .string()
      .max(
        MAX_GLOSSARY_TEXT_CHARS,
        `A value is at most ${MAX_GLOSSARY_TEXT_CHARS} characters (MAX_GLOSSARY_TEXT_CHARS)`,
      )
      .optional(),
    note: z
      .string()
      .trim()
      .max(MAX_GLOSSARY_TEXT_CHARS, `A note is at most ${MAX_GLOSSARY_TEXT_CHARS} characters (MAX_GLOSSARY_TEXT_CHARS)`)
      .optional(),
  })
  .refine((e) => e.target === "column" || (e.value !== undefined && e.value.trim() !== ""), {
    message: "A value or filter entry needs the value it stands for",
    path: ["value"],
  });
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

const normalise = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether the question holds the phrase as whole words (case-insensitive). */
export function mentions(question: string, phrase: string): boolean {
  const p = normalise(phrase);
  if (!p) return false;
  const words = escapeRegExp(p).replace(/ /g, "\\s+");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${words}($|[^\\p{L}\\p{N}])`, "u").test(normalise(question));
}

/** Why an entry cannot be kept, or null: an unknown column, or the same phrase already meaning something. */
export function glossaryProblem(
  entry: GlossaryEntry,
  columns: ReadonlySet<string>,
  kept: readonly (GlossaryEntry & { id?: string })[],
  selfId?: string,
): string | null {
  if (!columns.has(entry.column)) return `There is no column "${entry.column}" in this dataset (use "table.column").`;
  const same = kept.find(
    (k) => (selfId === undefined || k.id !== selfId) && normalise(k.phrase) === normalise(entry.phrase),
  );
  if (same) return `"${entry.phrase}" already has a meaning in the glossary (→ ${same.column}); change that entry.`;
  return null;
}

/**
 * The schema with each column entry's phrase added to its column's expanded name and description:
 * "UnitPrice" read as "unit price; expensive", described "… Also called: expensive.".
 */
export function applyGlossary(schema: RetrievalSchema, entries: readonly GlossaryEntry[]): RetrievalSchema {
  const words = new Map<string, string[]>();
  for (const e of entries) if (e.target === "column") words.set(e.column, [...(words.get(e.column) ?? []), e.phrase]);
  if (!words.size) return schema;
  return {
    tables: schema.tables.map((t) => ({
      ...t,
      columns: t.columns.map((c) => {
        const also = words.get(columnKey(t.name, c.column));
        if (!also?.length) return c;
        const list = also.join("; ");
        return {
          ...c,
          expandedName: `${c.expandedName ?? c.name}; ${list}`,
          description: `${c.description ? `${c.description.trim()} ` : ""}Also called: ${list}.`,
        };
      }),
    })),
  };
}

/** Value hints for the question from its value and filter entries: exact hints, as if the cell index had found them. */
export function glossaryHints(question: string, entries: readonly GlossaryEntry[]): CellHint[] {
  return entries
    .filter((e) => e.target !== "column" && e.value !== undefined && mentions(question, e.phrase))
    .map((e) => {
      const ref = parseColumnKey(e.column);
      return { phrase: e.phrase, table: ref.table, column: ref.column, value: e.value!, score: 1, exact: true };
    });
}

/** Why a glossary that holds `count` entries cannot take one more, or null. */
export function glossaryFullProblem(count: number): string | null {
  return count >= MAX_GLOSSARY_ENTRIES
    ? `The glossary holds ${count} entries, the most one dataset keeps (MAX_GLOSSARY_ENTRIES = ` +
        `${MAX_GLOSSARY_ENTRIES}): each is matched against every question. Remove one first.`
    : null;
}

/**
 * Checks an imported glossary against the dataset's columns and itself: the entries to keep and
 * the refused ones. Linear: past MAX_GLOSSARY_ENTRIES entries are refused unread.
 */
export function checkGlossaryImport(
  entries: readonly unknown[],
  columns: ReadonlySet<string>,
): { accepted: GlossaryEntry[]; refused: Array<{ index: number; entry: unknown; reason: string }> } {
  const accepted: GlossaryEntry[] = [];
  const refused: Array<{ index: number; entry: unknown; reason: string }> = [];
  const phrases = new Map<string, GlossaryEntry>();
  entries.forEach((raw, index) => {
    if (accepted.length >= MAX_GLOSSARY_ENTRIES) {
      refused.push({ index, entry: null, reason: glossaryFullProblem(accepted.length) ?? "" });
      return;
    }
    const parsed = glossaryEntrySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      refused.push({
        index,
        entry: raw,
        reason: `${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid"}`,
      });
      return;
    }
    const same = phrases.get(normalise(parsed.data.phrase));
    const problem = same
      ? `"${parsed.data.phrase}" already has a meaning in the glossary (→ ${same.column}); change that entry.`
      : glossaryProblem(parsed.data, columns, []);
    if (problem) refused.push({ index, entry: raw, reason: problem });
    else {
      accepted.push(parsed.data);
      phrases.set(normalise(parsed.data.phrase), parsed.data);
    }
  });
  return { accepted, refused };
}
