"use client";

import { useState } from "react";
import { messageOf } from "@/components/api/client";
import { reimportTable } from "@/components/api/endpoints";
import { Spinner } from "@/components/ui/Spinner";
import type { TableMeta } from "@/lib/core/model/dataset";
import { headerDepthOf } from "./HeaderDepthControl";

type Dialect = NonNullable<TableMeta["dialect"]>;

const DELIMITERS: ReadonlyArray<readonly [Dialect["delimiter"], string]> = [
  [",", "comma ,"],
  [";", "semicolon ;"],
  ["\t", "tab"],
  ["|", "pipe |"],
];
const ESCAPES: ReadonlyArray<readonly [Dialect["escape"], string]> = [
  ["double", 'doubled ""'],
  ["backslash", 'backslash \\"'],
];

/**
 * The dialect a CSV/TSV table was read with (stored with the table), and the way to correct a
 * wrong guess: choosing another delimiter or quote escape re-imports the table from its kept file
 * and re-indexes it, as the header depth does.
 */
export function DialectControl({
  datasetId,
  table,
  onChanged,
}: {
  datasetId: string;
  table: TableMeta;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialect = table.dialect;
  if (!dialect || (table.source !== "csv" && table.source !== "tsv")) return null;

  const change = async (patch: Partial<Pick<Dialect, "delimiter" | "escape">>) => {
    setBusy(true);
    setError(null);
    try {
      const next = { delimiter: dialect.delimiter, quote: dialect.quote, escape: dialect.escape, ...patch };
      await reimportTable(datasetId, table.name, { headerRows: headerDepthOf(table), dialect: next });
      onChanged();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const select = "rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs";
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs text-zinc-600"
      data-testid="table-dialect"
      data-delimiter={dialect.delimiter}
      data-escape={dialect.escape}
      title="How the file was read (detected on a sample or chosen at upload); change it to re-import the table"
    >
      Read as
      <select
        aria-label="Delimiter"
        data-testid="dialect-delimiter"
        value={dialect.delimiter}
        disabled={busy}
        onChange={(e) => void change({ delimiter: e.target.value as Dialect["delimiter"] })}
        className={select}
      >
        {DELIMITERS.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
      <select
        aria-label="Quote escape"
        data-testid="dialect-escape"
        value={dialect.escape}
        disabled={busy}
        onChange={(e) => void change({ escape: e.target.value as Dialect["escape"] })}
        className={select}
      >
        {ESCAPES.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
      {busy ? (
        <span data-testid="dialect-busy" className="inline-flex items-center gap-1">
          <Spinner /> Re-importing…
        </span>
      ) : null}
      {error ? (
        <span role="alert" data-testid="dialect-error" className="text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}
