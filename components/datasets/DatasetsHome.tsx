"use client";

import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/api/queryKeys";
import { UploadPanel } from "@/components/upload/UploadPanel";
import { DatasetList } from "./DatasetList";

export function DatasetsHome() {
  const client = useQueryClient();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      {/* An import adds a dataset: the list is invalidated, not bumped. */}
      <UploadPanel onImported={() => void client.invalidateQueries({ queryKey: queryKeys.datasets(), exact: true })} />
      <DatasetList />
    </div>
  );
}
