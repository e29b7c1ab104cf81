import { DatasetView } from "@/components/datasets/DatasetView";
import { DatasetRunsPanel } from "@/components/workbench/runs/DatasetRunsPanel";

export default async function DatasetPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DatasetView id={id} runs={<DatasetRunsPanel datasetId={id} />} />;
}
