import { handle } from "@/lib/server/http/errors";
import { uploadDataset } from "@/lib/server/uploads/upload-dataset";
import { listDatasets } from "@/lib/server/stores/datasets";

export const dynamic = "force-dynamic";

export const GET = handle(async () => Response.json({ datasets: await listDatasets() }));

export const POST = handle(async (request: Request) => {
  const detail = await uploadDataset(request);
  const tables = detail.tables.map((t) => ({
    name: t.name,
    isView: t.isView,
    rowCount: t.rowCount,
    rowCountCut: t.rowCountCut ?? false,
    // A flagged column (numbers and words side by side, an unclear comma) is named in the upload's report.
    columns: t.columns.map((c) => ({ name: c.name, type: c.type, ...(c.typing?.flag ? { flag: c.typing.flag } : {}) })),
  }));
  const notes = [...detail.notes, ...detail.tables.flatMap((t) => t.notes.map((n) => `${t.name}: ${n}`))];
  return Response.json({ id: detail.id, name: detail.name, tables, notes }, { status: 201 });
});
