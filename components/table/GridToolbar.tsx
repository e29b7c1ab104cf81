import { Button } from "@/components/ui/Button";
import { formatNumber } from "@/components/ui/format";
import { Spinner } from "@/components/ui/Spinner";
import { MAX_EXPORT_ROWS } from "@/lib/core/model/limits";

interface GridToolbarProps {
  total: number;
  shown: number;
  loading: boolean;
  sortedBy: { name: string; dir: "asc" | "desc" } | null;
  onClearSort: () => void;
  /** The active column filters in words. */
  filters: { column: string; text: string }[];
  onRemoveFilter: (column: string) => void;
  onClearFilters: () => void;
  /** Where the rows download as CSV (the filtered, sorted view when there is one). */
  exportHref: string;
}

export function GridToolbar(props: GridToolbarProps) {
  const { total, shown, loading, sortedBy, onClearSort, filters, onRemoveFilter, onClearFilters, exportHref } = props;
  const view = filters.length > 0 || sortedBy !== null;
  return (
    <div className="flex min-h-7 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500">
      {filters.length ? (
        <span data-testid="grid-filters" className="flex flex-wrap items-center gap-1">
          <span>
            {formatNumber(total)} {total === 1 ? "row passes" : "rows pass"}
          </span>
          {filters.map((f) => (
            <span
              key={f.column}
              data-testid="grid-filter"
              data-column={f.column}
              className="flex items-center gap-1 rounded bg-indigo-100 px-1.5 py-0.5 text-indigo-900"
            >
              <span className="whitespace-pre">{f.text}</span>
              <button
                type="button"
                aria-label={`Remove the filter ${f.text}`}
                onClick={() => onRemoveFilter(f.column)}
                className="text-indigo-500 hover:text-indigo-900"
              >
                ×
              </button>
            </span>
          ))}
          <Button variant="ghost" size="sm" onClick={onClearFilters} data-testid="clear-filters">
            Clear filters
          </Button>
        </span>
      ) : null}
      {sortedBy ? (
        <span data-testid="grid-sort" className="flex items-center gap-1">
          Sorted by <strong className="font-semibold text-zinc-700">{sortedBy.name}</strong>
          {sortedBy.dir === "asc" ? "ascending" : "descending"}
          <Button variant="ghost" size="sm" onClick={onClearSort}>
            Clear
          </Button>
        </span>
      ) : (
        <span>Click a column header to sort, its funnel to filter.</span>
      )}
      {shown < total ? (
        <span role="note" className="text-amber-700">
          Scrolling reaches the first {formatNumber(shown)} of {formatNumber(total)} rows; sort to bring others to the
          top.
        </span>
      ) : null}
      <span className="ml-auto flex items-center gap-3">
        {loading ? (
          <span className="flex items-center gap-1.5" aria-live="polite">
            <Spinner className="size-3" /> Loading rows…
          </span>
        ) : null}
        <a
          href={exportHref}
          download
          data-testid="export-csv"
          className="rounded-md bg-zinc-100 px-2 py-0.5 text-zinc-700 hover:bg-zinc-200"
          title={`${
            view ? "The rows the filters keep, in this order" : "Every row of the table"
          }, each cell as the file wrote it (at most ${formatNumber(MAX_EXPORT_ROWS)} rows)`}
        >
          ⤓ Export CSV{view ? " (this view)" : ""}
        </a>
      </span>
    </div>
  );
}
