import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { runHomeAddress } from "@/lib/server/runs/run-home";
import { Workbench } from "@/components/workbench/Workbench";

export const metadata: Metadata = { title: "Ask" };

export default async function AskPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ q?: string | string[]; run?: string | string[] }>;
}) {
  const { id } = await params;
  const search = await searchParams;
  const { q } = search;
  // A run of another dataset is shown under its own dataset, never under this one's title.
  const home = await runHomeAddress(id, { run: search.run });
  if (home) redirect(home);
  return <Workbench datasetId={id} initialQuestion={typeof q === "string" ? q.slice(0, 2000) : undefined} />;
}
