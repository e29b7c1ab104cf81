import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { connectBody, connectDataset, connectionPolicy } from "@/lib/server/postgres/connect";

export const dynamic = "force-dynamic";

/** Whether connection URLs can be stored (TABLESIGHT_SECRET set); else only env:NAME references. */
export const GET = handle(async () => Response.json(connectionPolicy()));

/** Connects a PostgreSQL database as a dataset: 201 with its tables; 400 naming the cause otherwise. */
export const POST = handle(async (request: Request) => {
  const body = connectBody.parse(await readJsonBody(request));
  return Response.json(await connectDataset(body), { status: 201 });
});
