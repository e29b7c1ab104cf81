import { TypeBadge } from "@/components/table/TypeBadge";
import { plural } from "@/components/ui/format";
import type { TableMeta } from "@/lib/core/model/dataset";

const FLAG_WORDS = { mixed: "mixed", "ambiguous-grouping": "unclear comma" } as const;

/**
 * The import report's column lines for a table read from a file: what each column was typed and
 * why (numbers kept as written, missing-number words, cells of only spaces), with the columns to
 * check (numbers and words side by side, an unclear thousands comma) flagged. One line until opened
 * (the grid stays above the fold); that line names the columns to check.
 */
export function ColumnTypingReport({ table }: { table: TableMeta }) {
  const typed = table.columns.filter((c) => c.typing);
  if (typed.length === 0) return null;
  const flagged = typed.filter((c) => c.typing?.flag);
  return (
    <details
      data-testid="column-typing"
      data-flagged={flagged.length}
      className="min-w-0 rounded-md border border-zinc-200 bg-white px-2 py-1 text-xs text-zinc-700 open:basis-full"
    >
      <summary className="cursor-pointer select-none">
        <span className="font-semibold">How the columns were typed</span> ({plural(typed.length, "column")}
        {flagged.length ? (
          <span data-testid="column-typing-flagged" className="text-amber-800">
            , {flagged.length} to check: {flagged.map((c) => `${c.name} (${FLAG_WORDS[c.typing!.flag!]})`).join(", ")}
          </span>
        ) : null}
        )
      </summary>
      <table className="mt-1 mb-1 w-full border-collapse">
        <tbody>
          {typed.map((c) => {
            const flag = c.typing?.flag;
            return (
              <tr
                key={c.sqlName}
                data-testid="column-typing-row"
                data-column={c.name}
                data-type={c.type}
                data-flag={flag}
                className={`align-top ${flag ? "bg-amber-50" : ""}`}
              >
                <th scope="row" className="max-w-48 py-0.5 pr-2 text-left font-medium break-words" title={c.name}>
                  {c.name}
                </th>
                <td className="py-0.5 pr-2">
                  <TypeBadge type={c.type} />
                </td>
                <td data-testid="column-typing-reason" className="py-0.5">
                  {flag ? (
                    <span className="mr-1 rounded bg-amber-200 px-1 font-semibold text-amber-900">
                      {FLAG_WORDS[flag]}
                    </span>
                  ) : null}
                  {c.typing?.reason}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
