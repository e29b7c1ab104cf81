import type { Metadata } from "next";
import { CompareReplay } from "@/components/compare/CompareReplay";

export const metadata: Metadata = { title: "Compare" };

export default async function CompareReplayRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CompareReplay compareId={id} />;
}
