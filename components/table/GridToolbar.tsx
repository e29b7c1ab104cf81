import { Button } from "@/components/ui/Button";
import { formatNumber } from "@/components/ui/format";
import { Spinner } from "@/components/ui/Spinner";

interface GridToolbarProps {
  total: number;
  shown: number;
  loading: boolean;
  sortedBy: { name: string; dir: "asc" | "desc" } | null;
  onClearSort: () => void;
}

export function GridToolbar({ total, shown, loading, sortedBy, onClearSort }: GridToolbarProps) {
  return (
    <div className="flex min-h-7 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500">
      {sortedBy ? (
        <span data-testid="grid-sort" className="flex items-center gap-1">
          Sorted by <strong className="font-semibold text-zinc-700">{sortedBy.name}</strong>
          {sortedBy.dir === "asc" ? "ascending" : "descending"}
          <Button variant="ghost" size="sm" onClick={onClearSort}>
            Clear
          </Button>
        </span>
      ) : (
        <span>Click a column header to sort.</span>
      )}
      {shown < total ? (
        <span role="note" className="text-amber-700">
          Scrolling reaches the first {formatNumber(shown)} of {formatNumber(total)} rows; sort to bring others to the
          top.
        </span>
      ) : null}
      {loading ? (
        <span className="ml-auto flex items-center gap-1.5" aria-live="polite">
          <Spinner className="size-3" /> Loading rows…
        </span>
      ) : null}
    </div>
  );
}
