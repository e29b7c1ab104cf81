"use client";

import { useState } from "react";
import type { Flag, Measure, SemanticEdit, SemanticTable, TimeDimension } from "@/lib/core/model/semantic-model";
import { Button } from "@/components/ui/Button";
import type { SemanticReset } from "./api";
import { FactBadge, inputClass, selectClass } from "./FactBadge";

type Common = {
  table: SemanticTable;
  nameOf: (column: string) => string;
  busy: boolean;
  onSave: (e: SemanticEdit) => void;
  onReset: (k: SemanticReset) => void;
};

const SCALES: Array<[number, string]> = [
  [1, "×1"],
  [0.01, "÷100 (cents)"],
  [1000, "thousands"],
  [1e6, "millions"],
  [1e9, "billions"],
];

function MeasureRow({ m, table, nameOf, busy, onSave, onReset }: Common & { m: Measure }) {
  const [unit, setUnit] = useState(m.unit?.unit ?? "");
  const [scale, setScale] = useState(m.unit?.scale ?? 1);
  const [aggregation, setAggregation] = useState(m.aggregation);
  const changed = unit !== (m.unit?.unit ?? "") || scale !== (m.unit?.scale ?? 1) || aggregation !== m.aggregation;
  return (
    <li className="flex flex-wrap items-center gap-1" data-testid={`semantic-measure-${m.column}`}>
      <span className="min-w-20 font-medium text-zinc-800">{nameOf(m.column)}</span>
      <input
        aria-label={`Unit of ${nameOf(m.column)}`}
        data-testid="semantic-measure-unit"
        className={`${inputClass} !w-14`}
        placeholder="unit"
        value={unit}
        maxLength={40}
        onChange={(e) => setUnit(e.target.value)}
      />
      <select
        aria-label="Scale"
        data-testid="semantic-measure-scale"
        className={selectClass}
        value={scale}
        onChange={(e) => setScale(Number(e.target.value))}
      >
        {SCALES.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
      <select
        aria-label="Aggregation"
        className={selectClass}
        value={aggregation}
        onChange={(e) => setAggregation(e.target.value as Measure["aggregation"])}
      >
        <option value="sum">summed</option>
        <option value="avg">averaged</option>
        <option value="none">neither</option>
      </select>
      {changed ? (
        <Button
          size="sm"
          variant="primary"
          className="!h-6"
          disabled={busy}
          data-testid="semantic-measure-save"
          onClick={() =>
            onSave({
              kind: "measure",
              table: table.table,
              column: m.column,
              value: { unit: unit.trim() || null, scale, aggregation },
            })
          }
        >
          Set
        </Button>
      ) : null}
      <FactBadge
        fact={m}
        busy={busy}
        onReset={() => onReset({ kind: "measure", table: table.table, column: m.column })}
      />
    </li>
  );
}

const GRAINS: TimeDimension["grain"][] = ["second", "minute", "hour", "day", "month", "quarter", "year"];

/** How a text date is written, shown as an example. */
const PATTERN_EXAMPLES: Record<NonNullable<TimeDimension["pattern"]>, string> = {
  "mon-d-y": "Jan 5 2019",
  "d-mon-y": "5 Jan 2019",
  "m/d/y": "1/5/2019",
  "d/m/y": "5/1/2019",
  "y/m/d": "2019/1/5",
};
const STORAGE_WORDS: Record<TimeDimension["storage"], string> = {
  date: "dates",
  "iso-text": "ISO text",
  text: "text",
  "year-number": "year numbers",
};

function DateRow({ d, table, nameOf, busy, onSave, onReset }: Common & { d: TimeDimension }) {
  const written = d.pattern ? `written like ${PATTERN_EXAMPLES[d.pattern]}` : STORAGE_WORDS[d.storage];
  return (
    <li className="flex flex-wrap items-center gap-1" data-testid={`semantic-date-${d.column}`}>
      <span className="min-w-20 font-medium text-zinc-800">{nameOf(d.column)}</span>
      <select
        aria-label={`Grain of ${nameOf(d.column)}`}
        data-testid="semantic-date-grain"
        className={selectClass}
        value={d.grain}
        disabled={busy}
        onChange={(e) =>
          onSave({
            kind: "date",
            table: table.table,
            column: d.column,
            value: { grain: e.target.value as TimeDimension["grain"], ...(d.pattern ? { pattern: d.pattern } : {}) },
          })
        }
      >
        {GRAINS.map((g) => (
          <option key={g} value={g}>
            per {g}
          </option>
        ))}
      </select>
      <span className="text-zinc-500">
        {written}
        {d.monthEnd ? ", month ends" : ""}
      </span>
      <FactBadge fact={d} busy={busy} onReset={() => onReset({ kind: "date", table: table.table, column: d.column })} />
    </li>
  );
}

function FlagRow({ f, table, nameOf, busy, onSave, onReset }: Common & { f: Flag }) {
  const values = [...f.trueValues, ...f.falseValues];
  return (
    <li className="flex flex-wrap items-center gap-1" data-testid={`semantic-flag-${f.column}`}>
      <span className="min-w-20 font-medium text-zinc-800">{nameOf(f.column)}</span>
      <span className="text-zinc-500">true when</span>
      <select
        aria-label={`True value of ${nameOf(f.column)}`}
        data-testid="semantic-flag-true"
        className={selectClass}
        value={f.trueValues[0]}
        disabled={busy}
        onChange={(e) =>
          onSave({
            kind: "flag",
            table: table.table,
            column: f.column,
            value: { trueValues: [e.target.value], falseValues: values.filter((v) => v !== e.target.value) },
          })
        }
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      {f.meaning ? <span className="text-zinc-500">({f.meaning})</span> : null}
      <FactBadge fact={f} busy={busy} onReset={() => onReset({ kind: "flag", table: table.table, column: f.column })} />
    </li>
  );
}

/** The table's measures, dates and flags, each with its confidence and the control that corrects it. */
export function FactLists(props: Common) {
  const { table } = props;
  const section = (title: string, n: number, children: React.ReactNode, testId: string) => (
    <div data-testid={testId}>
      <p className="text-zinc-500">
        {title} {n ? "" : <span className="text-zinc-400">— none found</span>}
      </p>
      {n ? <ul className="mt-0.5 space-y-0.5 pl-2">{children}</ul> : null}
    </div>
  );
  return (
    <>
      {section(
        "Measures",
        table.measures.length,
        table.measures.map((m) => <MeasureRow key={`${m.column}:${m.origin}:${m.unit?.unit}`} m={m} {...props} />),
        "semantic-measures",
      )}
      {section(
        "Dates",
        table.dates.length,
        table.dates.map((d) => <DateRow key={d.column} d={d} {...props} />),
        "semantic-dates",
      )}
      {section(
        "Flags",
        table.flags.length,
        table.flags.map((f) => <FlagRow key={f.column} f={f} {...props} />),
        "semantic-flags",
      )}
    </>
  );
}
