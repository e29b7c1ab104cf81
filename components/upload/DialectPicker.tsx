"use client";

/** The CSV dialect chosen at upload; "auto" fields are detected by the server on a sample. */
export type DialectChoice = { delimiter: string; escape: string; headerRows: string };

export const AUTO_DIALECT: DialectChoice = { delimiter: "auto", escape: "auto", headerRows: "auto" };

const DELIMITERS = [
  ["auto", "detect"],
  ["comma", "comma ,"],
  ["semicolon", "semicolon ;"],
  ["tab", "tab"],
  ["pipe", "pipe |"],
] as const;
const ESCAPES = [
  ["auto", "detect"],
  ["double", 'doubled ""'],
  ["backslash", 'backslash \\"'],
] as const;
const HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["auto", "detect"],
  ["0", "none"],
  ...[1, 2, 3, 4, 5, 6].map((n) => [String(n), String(n)] as const),
];

function Pick({
  label,
  value,
  options,
  onChange,
  testId,
  disabled,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (v: string) => void;
  testId: string;
  disabled: boolean;
}) {
  return (
    <label className="inline-flex items-center gap-1">
      {label}
      <select
        data-testid={testId}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="rounded border border-zinc-300 bg-white px-1 py-0.5"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * How CSV/TSV files are read, for when the detected dialect is wrong: delimiter, how quotes are
 * escaped, and how many header rows. Closed by default; the dataset notes say what was used.
 */
export function DialectPicker({
  value,
  onChange,
  disabled,
}: {
  value: DialectChoice;
  onChange: (v: DialectChoice) => void;
  disabled: boolean;
}) {
  const set = (patch: Partial<DialectChoice>) => onChange({ ...value, ...patch });
  return (
    <details data-testid="dialect-picker" className="text-xs text-zinc-600">
      <summary className="cursor-pointer select-none">CSV dialect (detected unless you choose)</summary>
      <div className="mt-1.5 flex flex-wrap gap-3">
        <Pick
          label="Delimiter"
          testId="dialect-delimiter"
          value={value.delimiter}
          options={DELIMITERS}
          onChange={(delimiter) => set({ delimiter })}
          disabled={disabled}
        />
        <Pick
          label="Quotes escaped"
          testId="dialect-escape"
          value={value.escape}
          options={ESCAPES}
          onChange={(escape) => set({ escape })}
          disabled={disabled}
        />
        <Pick
          label="Header rows"
          testId="dialect-header-rows"
          value={value.headerRows}
          options={HEADERS}
          onChange={(headerRows) => set({ headerRows })}
          disabled={disabled}
        />
      </div>
    </details>
  );
}
