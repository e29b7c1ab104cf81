"use client";

/** Formats a number for the reader's own locale (grouping, decimal mark), at most 4 decimals. */
function formatForReader(value: number, locale?: string): string {
  if (!Number.isFinite(value)) return String(value);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(value);
}

/** A computed number in the reader's locale, with the exact value on hover. */
export function ReaderNumber({ value, testId }: { value: number; testId?: string }) {
  return (
    <span title={String(value)} data-raw={String(value)} data-testid={testId} className="tabular-nums">
      {formatForReader(value)}
    </span>
  );
}
