import Link from "next/link";
import { Breadcrumb } from "@/components/ui/Breadcrumb";
import type { DatasetDetail } from "@/lib/core/model/dataset";
import { formatBytes, formatDateTime, plural } from "@/components/ui/format";

export function DatasetHeader({ dataset }: { dataset: DatasetDetail }) {
  return (
    <header className="space-y-1">
      <Breadcrumb crumbs={[{ label: "Datasets", href: "/" }, { label: dataset.name }]} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h1 data-testid="dataset-title" className="text-lg font-semibold tracking-tight text-zinc-900">
          {dataset.name}
        </h1>
        <p data-testid="dataset-stats" className="text-xs text-zinc-500">
          {plural(dataset.tableCount, "table")} · {dataset.tables.some((t) => t.rowCountCut) ? "≥ " : ""}
          {plural(dataset.rowCount, "row")} · {formatBytes(dataset.sizeBytes)} · imported{" "}
          <time dateTime={dataset.createdAt}>{formatDateTime(dataset.createdAt)}</time>
        </p>
        <Notes title="Import notes" notes={dataset.notes} testId="dataset-notes" />
        {/* The two ways to query the dataset, in its title line; the questions asked are listed under the tables. */}
        <span className="ml-auto flex items-center gap-2">
          <Link
            href={`/datasets/${encodeURIComponent(dataset.id)}/sql`}
            data-testid="sql-link"
            className="rounded-md px-3 py-1.5 text-xs font-medium text-indigo-700 hover:bg-indigo-100"
          >
            Write SQL
          </Link>
          <Link
            href={`/datasets/${encodeURIComponent(dataset.id)}/ask`}
            data-testid="ask-link"
            className={
              "rounded-md bg-indigo-600 px-3 py-1.5 text-xs font-medium text-white shadow-sm " + "hover:bg-indigo-700"
            }
            title="Watch FGTR vote on columns, follow join paths and pick cells, step by step"
          >
            Ask a question
          </Link>
        </span>
      </div>
    </header>
  );
}

/** What the importer changed (renamed headers, padded rows…): one line until opened (the grid stays above the fold). */
export function Notes({ title, notes, testId }: { title: string; notes: string[]; testId: string }) {
  if (notes.length === 0) return null;
  return (
    <details
      data-testid={testId}
      className={
        "min-w-0 rounded-md border border-amber-200 bg-amber-50 px-2 py-1 text-xs text-amber-900 " + "open:basis-full"
      }
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
