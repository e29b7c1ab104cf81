import type { Metadata } from "next";
import { Workbench } from "@/components/workbench/Workbench";

export const metadata: Metadata = { title: "Ask" };

export default async function AskPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ q?: string | string[] }>;
}) {
  const { id } = await params;
  const { q } = await searchParams;
  return <Workbench datasetId={id} initialQuestion={typeof q === "string" ? q.slice(0, 2000) : undefined} />;
}
