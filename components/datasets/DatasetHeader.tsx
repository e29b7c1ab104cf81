import { Breadcrumb } from "@/components/ui/Breadcrumb";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { formatBytes, formatDateTime, plural } from "@/components/ui/format";

export function DatasetHeader({ dataset }: { dataset: DatasetDetail }) {
  return (
    <header className="space-y-2">
      <Breadcrumb crumbs={[{ label: "Datasets", href: "/" }, { label: dataset.name }]} />
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 data-testid="dataset-title" className="text-lg font-semibold tracking-tight text-zinc-900">
          {dataset.name}
        </h1>
        <p data-testid="dataset-stats" className="text-xs text-zinc-500">
          {plural(dataset.tableCount, "table")} · {dataset.tables.some((t) => t.rowCountCut) ? "≥ " : ""}
          {plural(dataset.rowCount, "row")} · {formatBytes(dataset.sizeBytes)} · imported{" "}
          <time dateTime={dataset.createdAt}>{formatDateTime(dataset.createdAt)}</time>
        </p>
      </div>
      <Notes title="Import notes" notes={dataset.notes} testId="dataset-notes" />
    </header>
  );
}

/** What the importer changed (renamed headers, padded rows…): collapsed once it gets long. */
export function Notes({ title, notes, testId }: { title: string; notes: string[]; testId: string }) {
  if (notes.length === 0) return null;
  return (
    <details
      data-testid={testId}
      open={notes.length <= 3}
      className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
    >
      <summary className="cursor-pointer font-semibold select-none">
        {title} ({notes.length})
      </summary>
      <ul className="mt-1.5 list-disc space-y-0.5 pl-5">
        {notes.map((note, i) => (
          <li key={i}>{note}</li>
        ))}
      </ul>
    </details>
  );
}
