"use client";

import type { ReactNode } from "react";
import { PassagesView } from "@/components/bipartite/PassagesView";
import { NamesProvider } from "@/components/names/NamesContext";
import { GlossaryView } from "@/components/glossary/GlossaryView";
import { SchemaView } from "@/components/schema/SchemaView";
import { FindValue } from "./FindValue";
import { IndexStatus } from "./IndexStatus";
import { JoinsView } from "./JoinsView";
import type { DatasetWithIndex } from "./types";
import { useIndexStatus } from "./useIndexStatus";
import { useViewParam, viewPanelId, viewTabId, ViewTabs } from "./ViewTabs";

interface DatasetTabsProps {
  dataset: DatasetWithIndex;
  /** The existing table browser, shown under the Tables tab. */
  tables: ReactNode;
  onOpenTable: (name: string) => void;
}

/** Index status above the dataset's views: Tables | Schema graph | Joins | Find value | Glossary | Passages. */
export function DatasetTabs({ dataset, tables, onOpenTable }: DatasetTabsProps) {
  const status = useIndexStatus(dataset.id);
  const [view, setView] = useViewParam();
  // Views reload when the served generation changes (a running or failed re-index keeps serving the old one).
  const indexKey = `g${status.index?.generation ?? "none"}`;
  const openTable = (name: string) => {
    onOpenTable(name);
    setView("tables");
  };

  return (
    <NamesProvider tables={dataset.tables}>
      <div className="space-y-3">
        <IndexStatus state={status} />
        <ViewTabs view={view} onSelect={setView} />
        <div id={viewPanelId(view)} role="tabpanel" aria-labelledby={viewTabId(view)} className="min-w-0">
          {view === "tables" ? tables : null}
          {view === "schema" ? <SchemaView dataset={dataset} indexKey={indexKey} index={status.index} /> : null}
          {view === "joins" ? (
            <JoinsView
              datasetId={dataset.id}
              tableCount={dataset.tables.length}
              indexKey={indexKey}
              index={status.index}
            />
          ) : null}
          {view === "find" ? <FindValue dataset={dataset} indexKey={indexKey} onOpenTable={openTable} /> : null}
          {view === "glossary" ? <GlossaryView dataset={dataset} /> : null}
          {view === "passages" ? <PassagesView datasetId={dataset.id} /> : null}
        </div>
      </div>
    </NamesProvider>
  );
}
