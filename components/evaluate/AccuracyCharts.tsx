import type { BatchReport } from "./api";

const COLORS = ["bg-indigo-500", "bg-emerald-500", "bg-amber-500", "bg-sky-500"];

function Bar({ label, value, color, n }: { label: string; value: number | null; color: string; n?: number }) {
  return (
    <div className="flex items-center gap-2 text-xs" data-testid="accuracy-bar">
      <span className="w-24 shrink-0 truncate text-zinc-600" title={label}>
        {label}
      </span>
      <span className="relative h-3 grow rounded bg-zinc-100">
        <span className={`absolute inset-y-0 left-0 rounded ${color}`} style={{ width: `${value ?? 0}%` }} />
      </span>
      <span className="w-20 shrink-0 text-right tabular-nums text-zinc-700">
        {value === null ? "–" : `${value.toFixed(1)}%`}
        {n !== undefined ? <span className="text-zinc-400"> ({n})</span> : null}
      </span>
    </div>
  );
}

/** Accuracy per method, and per tag with one bar per method. */
export function AccuracyCharts({ report }: { report: BatchReport }) {
  const color = (m: string) => COLORS[report.methods.indexOf(m) % COLORS.length];
  const tags = Object.entries(report.tags);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <figure className="space-y-1.5" data-testid="chart-methods">
        <figcaption className="text-xs font-medium text-zinc-700">Accuracy per method</figcaption>
        {report.methods.map((m) => (
          <Bar key={m} label={m.toUpperCase()} value={report.summary[m]?.accuracy ?? null} color={color(m)} />
        ))}
      </figure>
      <figure className="space-y-2" data-testid="chart-tags">
        <figcaption className="text-xs font-medium text-zinc-700">Accuracy per tag</figcaption>
        {tags.length ? null : <p className="text-xs text-zinc-500">The questions carry no tags.</p>}
        {tags.map(([tag, byMethod]) => (
          <div key={tag} className="space-y-0.5">
            <p className="text-xs text-zinc-500">{tag}</p>
            {report.methods.map((m) => (
              <Bar
                key={m}
                label={m.toUpperCase()}
                value={byMethod[m]?.accuracy ?? null}
                n={byMethod[m]?.n}
                color={color(m)}
              />
            ))}
          </div>
        ))}
      </figure>
    </div>
  );
}
