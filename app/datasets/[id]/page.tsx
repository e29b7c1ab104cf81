import { DatasetView } from "@/components/datasets/DatasetView";

export default async function DatasetPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DatasetView id={id} />;
}
