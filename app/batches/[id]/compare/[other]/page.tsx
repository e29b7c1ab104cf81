import type { Metadata } from "next";
import { ComparePage } from "@/components/evaluate/ComparePage";

export const metadata: Metadata = { title: "Compare batches" };

export default async function CompareRoute({ params }: { params: Promise<{ id: string; other: string }> }) {
  const { id, other } = await params;
  return <ComparePage a={id} b={other} />;
}
