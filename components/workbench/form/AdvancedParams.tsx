import type { ParamSchema } from "../api/types";

export type ParamValues = Record<string, string | boolean>;

/**
 * The parameters the panel edits: numbers, booleans and text. Structured ones (FGTR's and SGAM's
 * `program`, set by picking a reading on the answer) are not typed in a form.
 */
export function formParams(properties: Record<string, ParamSchema> | undefined): Record<string, ParamSchema> {
  return Object.fromEntries(
    Object.entries(properties ?? {}).filter(([, p]) => {
      const type: string | undefined = p.type;
      return type !== "object" && type !== "array";
    }),
  );
}

/** Starting values of the panel: each parameter's default, numbers as editable text. */
export function defaultParamValues(properties: Record<string, ParamSchema>): ParamValues {
  return Object.fromEntries(
    Object.entries(properties).map(([name, p]) => [
      name,
      p.type === "boolean" ? Boolean(p.default) : String(p.default ?? ""),
    ]),
  );
}

/** Converts the panel's values to params, or returns the first problem as a sentence. */
export function readParams(
  properties: Record<string, ParamSchema>,
  values: ParamValues,
): { params: Record<string, unknown> } | { error: string } {
  const params: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(properties)) {
    const raw = values[name];
    if (p.type === "boolean") {
      params[name] = Boolean(raw);
      continue;
    }
    if (p.type === "string") {
      // Optional text parameters (GraphOTTER's table): empty means "let the method choose".
      const text = String(raw ?? "").trim();
      if (text) params[name] = text;
      continue;
    }
    // An optional number (default null, e.g. the linker's cut): empty means "the method's own value".
    if (String(raw ?? "").trim() === "" && p.default === null) continue;
    const n = Number(raw);
    if (String(raw).trim() === "" || !Number.isFinite(n)) return { error: `${name} must be a number.` };
    if (p.type === "integer" && !Number.isInteger(n)) return { error: `${name} must be a whole number.` };
    if (p.minimum !== undefined && n < p.minimum) return { error: `${name} must be at least ${p.minimum}.` };
    if (p.maximum !== undefined && n > p.maximum) return { error: `${name} must be at most ${p.maximum}.` };
    params[name] = n;
  }
  return { params };
}

const LABELS: Record<string, string> = {
  k: "K (rounds)",
  theta: "θ (threshold)",
  topN: "top-n",
  cellThreshold: "cell threshold",
  schemaFilling: "schema filling",
  propagateJoins: "propagate joins",
  maxSubTableRows: "max sub-table rows",
  maxAnswerRows: "max answer rows",
};

/** The method's parameters as a form, read from its JSON Schema (names, bounds, defaults, help). */
export function AdvancedParams({
  properties,
  values,
  onChange,
  onReset,
}: {
  properties: Record<string, ParamSchema>;
  values: ParamValues;
  onChange: (values: ParamValues) => void;
  onReset: () => void;
}) {
  return (
    <fieldset
      data-testid="advanced-panel"
      className="grid gap-x-4 gap-y-2.5 rounded-md border border-zinc-200 bg-zinc-50 p-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      <legend className="sr-only">Method parameters</legend>
      {Object.entries(properties).map(([name, p]) => (
        <label key={name} className="flex flex-col gap-0.5 text-xs" title={p.description}>
          <span className="flex items-center gap-1.5 font-medium text-zinc-700">
            {p.type === "boolean" ? (
              <input
                type="checkbox"
                data-testid={`param-${name}`}
                checked={Boolean(values[name])}
                onChange={(e) => onChange({ ...values, [name]: e.target.checked })}
                className="size-3.5 accent-indigo-600"
              />
            ) : null}
            {LABELS[name] ?? name}
          </span>
          {p.type === "string" ? (
            <input
              type="text"
              data-testid={`param-${name}`}
              value={String(values[name] ?? "")}
              onChange={(e) => onChange({ ...values, [name]: e.target.value })}
              className="h-7 w-full rounded border border-zinc-300 bg-white px-2 text-sm"
            />
          ) : p.type !== "boolean" ? (
            <input
              type="number"
              data-testid={`param-${name}`}
              value={String(values[name] ?? "")}
              min={p.minimum}
              max={p.maximum}
              step={p.type === "integer" ? 1 : "any"}
              onChange={(e) => onChange({ ...values, [name]: e.target.value })}
              className="h-7 w-full rounded border border-zinc-300 bg-white px-2 text-sm tabular-nums"
            />
          ) : null}
          {p.description ? <span className="text-[11px] leading-snug text-zinc-500">{p.description}</span> : null}
        </label>
      ))}
      <div className="flex items-end sm:col-span-2 lg:col-span-3">
        <button
          type="button"
          onClick={onReset}
          className="text-xs text-indigo-700 hover:underline"
          data-testid="params-reset"
        >
          Reset to the paper&apos;s defaults
        </button>
      </div>
    </fieldset>
  );
}
