export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
  title?: string;
}

/** A labelled native select (keyboard and screen-reader friendly, testable with selectOption). */
export function ChoiceSelect({
  label,
  testId,
  value,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  value: string;
  options: Choice[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-1.5 text-xs text-zinc-600">
      {label}
      <select
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-7 rounded-md border border-zinc-300 bg-white px-1.5 text-xs text-zinc-800"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled} title={o.title}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
