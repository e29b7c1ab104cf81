import { handle } from "@/lib/server/http/errors";
import { importJobs } from "@/lib/server/ingest/jobs";
import { notFound } from "@/lib/server/http/not-found";

export const dynamic = "force-dynamic";

export const GET = handle(async (_req: Request, { params }: { params: Promise<{ uploadId: string }> }) => {
  const { uploadId } = await params;
  const job = importJobs.get(uploadId);
  if (!job) throw notFound("import", uploadId);
  const { updatedAt: _u, ...body } = job;
  return Response.json(body);
});
