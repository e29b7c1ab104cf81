"use client";

import { useState } from "react";
import { ConnectPanel } from "@/components/connect/ConnectPanel";
import { UploadPanel } from "@/components/upload/UploadPanel";
import { DatasetList } from "./DatasetList";

export function DatasetsHome() {
  // Bumped after an import so the list refetches; rename/delete refresh inside the list itself.
  const [refreshKey, setRefreshKey] = useState(0);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <div className="space-y-6">
        <UploadPanel onImported={() => setRefreshKey((k) => k + 1)} />
        <ConnectPanel onConnected={() => setRefreshKey((k) => k + 1)} />
      </div>
      <DatasetList refreshKey={refreshKey} />
    </div>
  );
}
