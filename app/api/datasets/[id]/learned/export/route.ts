import type { LearnedExport } from "@/lib/core/model/learned";
import { handle } from "@/lib/server/http/errors";
import { allLearned } from "@/lib/server/stores/learned";
import { loadDataset } from "@/lib/server/stores/datasets";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

/** Every learned answer of the dataset as a JSON file (question, reading, program, verdict, source, run, date). */
export const GET = handle(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  const dataset = await loadDataset(id);
  const body: LearnedExport = {
    format: "tablesight-learned-answers",
    version: 1,
    dataset: { id: dataset.id, name: dataset.name },
    exportedAt: new Date().toISOString(),
    examples: await allLearned(id),
  };
  return Response.json(body, {
    headers: { "content-disposition": `attachment; filename="learned-answers-${id}.json"` },
  });
});
