"use client";

import { ConnectPanel } from "@/components/connect/ConnectPanel";
import { UploadPanel } from "@/components/upload/UploadPanel";
import { DatasetList } from "./DatasetList";
import { useDatasets } from "./useDatasets";

/**
 * The home page: once any dataset exists its list comes first (top at 1024 px, the wide left column
 * at 1440), the upload and PostgreSQL forms after it; with none yet, the forms lead. The order is
 * CSS only, so an upload in progress keeps its state when its dataset appears in the list.
 */
export function DatasetsHome() {
  const { datasets } = useDatasets();
  const listFirst = (datasets?.length ?? 0) > 0;
  return (
    <div
      data-testid="home-layout"
      data-order={listFirst ? "datasets-first" : "forms-first"}
      className={
        "grid gap-6 xl:items-start " +
        (listFirst ? "xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]" : "xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]")
      }
    >
      {/* An import invalidates the list's query (UploadPanel); no refetch counter. */}
      <div className="space-y-6">
        <UploadPanel />
        <ConnectPanel />
      </div>
      <div className={listFirst ? "order-first min-w-0" : "min-w-0"}>
        <DatasetList />
      </div>
    </div>
  );
}
