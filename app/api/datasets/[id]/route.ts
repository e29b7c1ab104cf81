import { z } from "zod";
import { handle } from "@/lib/server/http/errors";
import { deleteDataset } from "@/lib/server/lifecycle/dataset-files";
import { loadDataset, renameDataset } from "@/lib/server/stores/datasets";
import { getIndexStatus } from "@/lib/server/index/status";
import { notFound } from "@/lib/server/http/not-found";
import { readJsonBody } from "@/lib/server/http/json-body";
import type { ConnectionInfo } from "@/lib/core/model/postgres-target";
import { pgSampleRows } from "@/lib/server/index/caps";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

export const GET = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  const dataset = await loadDataset(id);
  const { storage, ...detail } = dataset;
  // What a connected dataset points at, never its password or stored secret.
  const pg = storage.postgres;
  const connection: ConnectionInfo | null = pg
    ? {
        kind: "postgres",
        ...pg.display,
        schemas: pg.schemas,
        stored: pg.ref ?? "encrypted",
        sampleRows: pgSampleRows(),
      }
    : null;
  return Response.json({ ...detail, connection, index: await getIndexStatus(id) });
});

const renameBody = z.object({
  name: z.string().trim().min(1, "The name cannot be empty").max(200, "The name is too long"),
});

export const PATCH = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const body = renameBody.parse(await readJsonBody(request));
  const summary = await renameDataset(id, body.name);
  if (!summary) throw notFound("dataset", id);
  return Response.json(summary);
});

export const DELETE = handle(async (_req: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await deleteDataset(id))) throw notFound("dataset", id);
  return new Response(null, { status: 204 });
});
