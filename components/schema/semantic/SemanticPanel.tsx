"use client";

import type { DatasetDetail } from "@/lib/core/model/dataset";
import { semanticTable } from "@/lib/core/model/semantic-model";
import { ErrorPanel } from "@/components/ui/ErrorPanel";
import { EntityRow, LabelRow } from "./EntityLabel";
import { FactBadge } from "./FactBadge";
import { FactLists } from "./FactLists";
import { MarkColumn } from "./MarkColumn";
import { useSemanticModel } from "./useSemanticModel";

const KIND_WORDS = {
  entity: "entity",
  bridge: "bridge table",
  event: "event table",
  lookup: "lookup list",
  view: "view",
};

/**
 * What the selected table means, as the semantic model reads it (lib/core/model/semantic-model.ts):
 * its entity, kind (a view with its base tables, a bridge with the tables it pairs), label, measures
 * with units, dates with their grain and flags — each with its confidence in words — and the controls
 * that correct them. Every method reads the corrected model from the next question on.
 */
export function SemanticPanel({
  datasetId,
  indexKey,
  dataset,
  table: name,
}: {
  datasetId: string;
  indexKey: string;
  dataset: Pick<DatasetDetail, "tables">;
  table: string;
}) {
  const sm = useSemanticModel(datasetId, indexKey);
  const meta = dataset.tables.find((t) => t.name === name);
  const table = semanticTable(sm.query.data?.model, name);
  const columns = (meta?.columns ?? []).map((c) => ({ sqlName: c.sqlName, name: c.name }));
  const nameOf = (column: string) => columns.find((c) => c.sqlName === column)?.name ?? column;
  const edited = (kind: string) => (sm.query.data?.edits ?? []).some((e) => e.kind === kind && e.table === name);
  return (
    <section
      aria-label={`Meaning of ${name}`}
      data-testid="semantic-panel"
      className="space-y-1.5 rounded-md border border-zinc-200 bg-white p-2 text-xs"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <h3 className="mr-auto text-xs font-semibold tracking-wide text-zinc-500 uppercase">
          Meaning · <span className="normal-case">{name}</span>
        </h3>
        {table ? (
          <>
            <span data-testid="semantic-kind" className="rounded bg-zinc-100 px-1.5 py-px text-zinc-700">
              {KIND_WORDS[table.kind.value]}
            </span>
            <FactBadge fact={table.kind} />
          </>
        ) : null}
      </div>
      {sm.query.isLoading ? <p className="text-zinc-500">Reading the semantic model…</p> : null}
      {sm.query.data && !sm.query.data.model ? (
        <p className="text-zinc-500" data-testid="semantic-missing">
          Not inferred yet: it is built when the dataset is indexed (re-index to build it for this one).
        </p>
      ) : null}
      {sm.error ? (
        <ErrorPanel title="The change was refused" testId="semantic-error">
          {sm.error}
        </ErrorPanel>
      ) : null}
      {table ? (
        <>
          {table.view ? (
            <p data-testid="semantic-view" className="flex flex-wrap items-center gap-1 text-zinc-700">
              A view of <strong>{table.view.baseTables.join(", ") || "tables not found"}</strong>: used only when a
              question names it, never joined to them. <FactBadge fact={table.view} />
            </p>
          ) : null}
          {table.kind.value === "bridge" ? (
            <p data-testid="semantic-bridge" className="text-zinc-700">
              Pairs rows of <strong>{table.bridges.join(" and ")}</strong>.
            </p>
          ) : null}
          <EntityRow
            key={`e:${table.entity.singular}:${table.entity.origin}`}
            table={table}
            busy={sm.busy}
            onSave={sm.save}
            onReset={sm.reset}
          />
          <LabelRow
            key={`l:${table.label?.columns.join("|")}:${table.label?.origin}`}
            table={table}
            columns={columns}
            edited={edited("label")}
            busy={sm.busy}
            onSave={sm.save}
            onReset={sm.reset}
          />
          <FactLists table={table} nameOf={nameOf} busy={sm.busy} onSave={sm.save} onReset={sm.reset} />
          <MarkColumn table={name} columns={columns} busy={sm.busy} onSave={sm.save} />
        </>
      ) : null}
    </section>
  );
}
