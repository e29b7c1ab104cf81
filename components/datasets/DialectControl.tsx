"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "@/components/api/client";
import { reimportTable } from "@/components/api/endpoints";
import type { TableMeta } from "@/lib/core/model/dataset";
import { ReimportStatus } from "./ReimportStatus";
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
  const [error, setError] = useState<string | null>(null);
  const reimport = useMutation({
    mutationFn: (next: Pick<Dialect, "delimiter" | "quote" | "escape">) =>
      reimportTable(datasetId, table.name, { headerRows: headerDepthOf(table), dialect: next }),
    onSuccess: onChanged,
  });
  const busy = reimport.isPending;
  const dialect = table.dialect;
  if (!dialect || (table.source !== "csv" && table.source !== "tsv")) return null;

  const change = async (patch: Partial<Pick<Dialect, "delimiter" | "escape">>) => {
    setError(null);
    try {
      await reimport.mutateAsync({
        delimiter: dialect.delimiter,
        quote: dialect.quote,
        escape: dialect.escape,
        ...patch,
      });
    } catch (err) {
      setError(messageOf(err));
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
      <ReimportStatus busy={busy} error={error} testId="dialect" />
    </span>
  );
}
