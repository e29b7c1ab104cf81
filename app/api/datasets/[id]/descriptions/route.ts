import { z } from "zod";
import { handle } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { editDescription } from "@/lib/server/index/api";

export const dynamic = "force-dynamic";
type Ctx = { params: Promise<{ id: string }> };

// text null puts the generated description back.
const body = z.object({
  table: z.string().min(1).max(200),
  column: z.string().min(1).max(200).optional(),
  text: z
    .string()
    .trim()
    .min(1, "The description cannot be empty (send null to restore the generated one)")
    .max(4000, "The description is too long")
    .nullable(),
});

export const PATCH = handle(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  return Response.json(await editDescription(id, body.parse(await readJsonBody(request))));
});
