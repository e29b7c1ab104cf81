"use client";

import { useState } from "react";
import type { SemanticEdit, SemanticTable } from "@/lib/core/model/semantic-model";
import { Button } from "@/components/ui/Button";
import type { SemanticReset } from "./api";
import { FactBadge, inputClass, selectClass } from "./FactBadge";

type Props = {
  table: SemanticTable;
  /** Whether the user edited this table's label (shown with a reset even when it is "none"). */
  edited?: boolean;
  columns: Array<{ sqlName: string; name: string }>;
  busy: boolean;
  onSave: (e: SemanticEdit) => void;
  onReset: (k: SemanticReset) => void;
};

/** The entity a table's rows are (singular and plural), renamable. */
export function EntityRow({ table, busy, onSave, onReset }: Omit<Props, "columns">) {
  const [singular, setSingular] = useState(table.entity.singular);
  const [plural, setPlural] = useState(table.entity.plural);
  const changed = singular.trim() !== table.entity.singular || plural.trim() !== table.entity.plural;
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="semantic-entity">
      <span className="w-14 text-zinc-500">Entity</span>
      <input
        aria-label="Singular"
        data-testid="semantic-entity-singular"
        className={inputClass}
        value={singular}
        maxLength={80}
        onChange={(e) => setSingular(e.target.value)}
      />
      <input
        aria-label="Plural"
        data-testid="semantic-entity-plural"
        className={inputClass}
        value={plural}
        maxLength={80}
        onChange={(e) => setPlural(e.target.value)}
      />
      {changed ? (
        <Button
          size="sm"
          variant="primary"
          className="!h-6"
          disabled={busy || !singular.trim() || !plural.trim()}
          data-testid="semantic-entity-save"
          onClick={() =>
            onSave({ kind: "entity", table: table.table, value: { singular: singular.trim(), plural: plural.trim() } })
          }
        >
          Rename
        </Button>
      ) : null}
      <FactBadge fact={table.entity} busy={busy} onReset={() => onReset({ kind: "entity", table: table.table })} />
    </div>
  );
}

const NONE = "";

/** The column (or first + last) a person names a row by, settable to any column or none. */
export function LabelRow({ table, columns, busy, onSave, onReset, edited }: Props) {
  const current = table.label?.columns ?? [];
  const [first, setFirst] = useState(current[0] ?? NONE);
  const [second, setSecond] = useState(current[1] ?? NONE);
  const chosen = [first, second].filter((c) => c !== NONE);
  const changed = chosen.join("|") !== current.join("|");
  const option = (c: { sqlName: string; name: string }) => (
    <option key={c.sqlName} value={c.sqlName}>
      {c.name}
    </option>
  );
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="semantic-label">
      <span className="w-14 text-zinc-500" title="The column a person names a row by">
        Label
      </span>
      <select
        aria-label="Label column"
        data-testid="semantic-label-first"
        className={selectClass}
        value={first}
        onChange={(e) => setFirst(e.target.value)}
      >
        <option value={NONE}>(none)</option>
        {columns.map(option)}
      </select>
      <span className="text-zinc-400">+</span>
      <select
        aria-label="Second label column"
        data-testid="semantic-label-second"
        className={selectClass}
        value={second}
        disabled={first === NONE}
        onChange={(e) => setSecond(e.target.value)}
      >
        <option value={NONE}>—</option>
        {columns.filter((c) => c.sqlName !== first).map(option)}
      </select>
      {changed ? (
        <Button
          size="sm"
          variant="primary"
          className="!h-6"
          disabled={busy}
          data-testid="semantic-label-save"
          onClick={() =>
            onSave({ kind: "label", table: table.table, value: chosen.length ? { columns: chosen } : null })
          }
        >
          Set
        </Button>
      ) : null}
      {table.label || edited ? (
        <FactBadge
          fact={table.label ?? { origin: "user" }}
          busy={busy}
          onReset={() => onReset({ kind: "label", table: table.table })}
        />
      ) : null}
    </div>
  );
}
