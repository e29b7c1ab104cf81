"use client";

import { ConnectPanel } from "@/components/connect/ConnectPanel";
import { UploadPanel } from "@/components/upload/UploadPanel";
import { DatasetList } from "./DatasetList";

export function DatasetsHome() {
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] xl:items-start">
      {/* An import invalidates the list's query (UploadPanel); no refetch counter. */}
      <div className="space-y-6">
        <UploadPanel />
        <ConnectPanel />
      </div>
      <DatasetList />
    </div>
  );
}
