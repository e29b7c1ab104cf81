import type { Metadata } from "next";
import { SqlBox } from "@/components/sqlbox/SqlBox";

export const metadata: Metadata = { title: "SQL" };

/** The SQL box: `?q=` holds the statement, so a reload (or a shared link) runs it again. */
export default async function SqlPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ q?: string | string[] }>;
}) {
  const { id } = await params;
  const { q } = await searchParams;
  return <SqlBox datasetId={id} initialSql={typeof q === "string" ? q : ""} />;
}
