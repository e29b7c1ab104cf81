import type { Metadata } from "next";
import { DiffPage } from "@/components/diff/DiffPage";

export const metadata: Metadata = { title: "Diff of two runs" };

export default async function DiffRoute({ params }: { params: Promise<{ id: string; other: string }> }) {
  const { id, other } = await params;
  return <DiffPage a={id} b={other} />;
}
