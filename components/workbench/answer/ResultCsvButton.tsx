"use client";

import { Button } from "@/components/ui/Button";
import type { AnswerResultTable } from "@/lib/core/trace";
import { downloadBlob, fileName } from "./chartExport";
import { resultCsv } from "./resultCsv";

/** Saves the rows shown as a CSV file. */
export function ResultCsvButton({ result, name }: { result: AnswerResultTable; name: string }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      data-testid="result-csv"
      title={`Save the ${result.rows.length} rows shown as CSV`}
      onClick={() =>
        downloadBlob(new Blob([resultCsv(result)], { type: "text/csv;charset=utf-8" }), fileName(name, "csv"))
      }
    >
      ⤓ CSV
    </Button>
  );
}
