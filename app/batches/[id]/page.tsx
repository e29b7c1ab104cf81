import type { Metadata } from "next";
import { BatchPage } from "@/components/evaluate/BatchPage";

export const metadata: Metadata = { title: "Batch" };

export default async function BatchRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BatchPage batchId={id} />;
}
