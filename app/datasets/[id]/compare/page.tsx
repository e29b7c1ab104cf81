import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { runHomeAddress } from "@/lib/server/runs/run-home";
import { ComparePage } from "@/components/compare/ComparePage";

export const metadata: Metadata = { title: "Compare" };

export default async function CompareRoute({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ q?: string | string[]; compare?: string | string[] }>;
}) {
  const { id } = await params;
  const search = await searchParams;
  const { q } = search;
  // A compare of another dataset is shown under its own dataset, never under this one's title.
  const home = await runHomeAddress(id, { compare: search.compare });
  if (home) redirect(home);
  return <ComparePage datasetId={id} initialQuestion={typeof q === "string" ? q.slice(0, 2000) : undefined} />;
}
