import "server-only";
import { z } from "zod";
import { ImportError } from "./errors";
import type { ImportOverrides } from "./types";

const DELIMITER_NAMES: Record<string, "," | ";" | "\t" | "|"> = {
  ",": ",",
  comma: ",",
  ";": ";",
  semicolon: ";",
  "\t": "\t",
  tab: "\t",
  "|": "|",
  pipe: "|",
};

const fields = z.object({
  delimiter: z.string().optional(),
  quote: z.enum(['"', "'"]).optional(),
  escape: z.enum(["double", "backslash"]).optional(),
  headerRows: z.coerce.number().int().min(0).max(6).optional(),
});

/**
 * Reads the dialect chosen at upload from the form fields `delimiter` (`,` `;` tab `|`, or comma,
 * semicolon, tab, pipe), `quote`, `escape` (double | backslash) and `headerRows` (0–6). Empty or
 * "auto" fields mean "detect".
 */
export function overridesFromFields(raw: Record<string, string>): ImportOverrides | undefined {
  const given = Object.fromEntries(
    Object.entries(raw).filter(([k, v]) => k in fields.shape && v.trim() !== "" && v !== "auto"),
  );
  if (Object.keys(given).length === 0) return undefined;
  const parsed = fields.safeParse(given);
  if (!parsed.success) {
    throw new ImportError(
      "bad_dialect",
      `The dialect fields are ` +
        `invalid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}.`,
    );
  }
  const { delimiter, quote, escape, headerRows } = parsed.data;
  const d =
    delimiter === undefined ? undefined : (DELIMITER_NAMES[delimiter.toLowerCase()] ?? DELIMITER_NAMES[delimiter]);
  if (delimiter !== undefined && !d)
    throw new ImportError("bad_dialect", `Unknown delimiter "${delimiter}"; use comma, semicolon, tab or pipe.`);
  const dialect = { ...(d ? { delimiter: d } : {}), ...(quote ? { quote } : {}), ...(escape ? { escape } : {}) };
  return { ...(Object.keys(dialect).length ? { dialect } : {}), ...(headerRows === undefined ? {} : { headerRows }) };
}
