import type { Metadata } from "next";
import { ComparePage } from "@/components/compare/ComparePage";

export const metadata: Metadata = { title: "Compare" };

export default async function CompareRoute({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ q?: string | string[] }>;
}) {
  const { id } = await params;
  const { q } = await searchParams;
  return <ComparePage datasetId={id} initialQuestion={typeof q === "string" ? q.slice(0, 2000) : undefined} />;
}
