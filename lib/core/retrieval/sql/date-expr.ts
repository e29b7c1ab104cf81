/**
 * Dates a file writes in its own way ("Jun 12 1998", "12/06/1998", "12 June 1998"): the cells stay
 * as written, and a condition or an ordering reads them through an expression that gives the ISO
 * date ("1998-06-12"), so "in December 2009" and "the latest" mean the same on any format.
 */
import { dateFormatOf, type DateFormat } from "../../index/semantic/date-patterns";

export { dateFormatOf, type DateFormat };

const MONTHS = "'JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC'";
const monthOf = (expr: string) => `((instr(${MONTHS}, upper(substr(${expr}, 1, 3))) + 2) / 3)`;

/** A SQL expression giving the ISO date (YYYY-MM-DD) of a column written in `format`. */
export function isoDateExpr(col: string, format: DateFormat): string {
  switch (format) {
    case "iso":
      return col;
    case "mon-d-y": {
      const rest = `ltrim(substr(${col}, instr(${col}, ' ')))`;
      const day = `CAST(rtrim(substr(${rest}, 1, instr(${rest}, ' ') - 1), ',') AS INTEGER)`;
      return `printf('%s-%02d-%02d', substr(${col}, -4), ${monthOf(col)}, ${day})`;
    }
    case "d-mon-y": {
      const sep = `instr(replace(${col}, '-', ' '), ' ')`;
      const rest = `substr(replace(${col}, '-', ' '), ${sep} + 1)`;
      const day = `CAST(substr(${col}, 1, ${sep} - 1) AS INTEGER)`;
      return `printf('%s-%02d-%02d', substr(${col}, -4), ${monthOf(rest)}, ${day})`;
    }
    case "y/m/d": {
      const rest = `substr(${col}, 6)`;
      const month = `CAST(substr(${rest}, 1, instr(${rest}, '/') - 1) AS INTEGER)`;
      const day = `CAST(substr(${rest}, instr(${rest}, '/') + 1) AS INTEGER)`;
      return `printf('%s-%02d-%02d', substr(${col}, 1, 4), ${month}, ${day})`;
    }
    case "m/d/y":
    case "d/m/y": {
      const first = `CAST(substr(${col}, 1, instr(${col}, '/') - 1) AS INTEGER)`;
      const rest = `substr(${col}, instr(${col}, '/') + 1)`;
      const second = `CAST(substr(${rest}, 1, instr(${rest}, '/') - 1) AS INTEGER)`;
      const [month, day] = format === "m/d/y" ? [first, second] : [second, first];
      return `printf('%s-%02d-%02d', substr(${col}, -4), ${month}, ${day})`;
    }
  }
}
