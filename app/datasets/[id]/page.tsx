import { DatasetView } from "@/components/datasets/DatasetView";
import { QuestionSetsPanel } from "@/components/evaluate/QuestionSetsPanel";
import { LearnedAnswersPanel } from "@/components/learning/LearnedAnswersPanel";
import { DatasetRunsPanel } from "@/components/workbench/runs/DatasetRunsPanel";

export default async function DatasetPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <div className="space-y-6">
      <DatasetView id={id} runs={<DatasetRunsPanel datasetId={id} />} />
      <QuestionSetsPanel datasetId={id} />
      <LearnedAnswersPanel datasetId={id} />
    </div>
  );
}
