import type { Metadata } from "next";
import { QuestionSetPage } from "@/components/evaluate/QuestionSetPage";

export const metadata: Metadata = { title: "Question set" };

export default async function QuestionSetRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <QuestionSetPage setId={id} />;
}
