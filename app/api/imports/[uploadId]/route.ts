import { HttpError, handle } from "@/lib/server/http/errors";
import { importJobs } from "@/lib/server/ingest/jobs";

export const dynamic = "force-dynamic";

export const GET = handle(async (_req: Request, { params }: { params: Promise<{ uploadId: string }> }) => {
  const { uploadId } = await params;
  const job = importJobs.get(uploadId);
  if (!job) throw new HttpError(404, "import_not_found", `No import with id "${uploadId}" is known (yet).`);
  const { updatedAt: _u, ...body } = job;
  return Response.json(body);
});
