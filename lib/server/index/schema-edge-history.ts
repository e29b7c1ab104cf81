import "server-only";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { appDb } from "@/lib/server/db/app-db";
import { schemaEdgeHistory } from "@/db/schema";
import { curatedKindSchema } from "@/lib/core/index/curation";
import type { SchemaEdgeHistoryEntry } from "@/lib/core/api/schema-graph";

// The history's before/after columns are JSON written by this app; they are parsed, not cast, so a row an
// older version wrote differently shows as "unknown" instead of reaching the client in the wrong shape.
const storedEdgeSchema = z.object({
  id: z.string(),
  kind: curatedKindSchema,
  label: z.string(),
  source: z.string(),
  target: z.string(),
  weight: z.number(),
  status: z.enum(["curated", "accepted", "rejected"]),
  origin: z.literal("curated"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const actionSchema = z.enum(["create", "update", "delete"]);

function edgeOrNull(value: unknown): SchemaEdgeHistoryEntry["before"] {
  const parsed = storedEdgeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Every change to a dataset's kept edges, oldest first, each side parsed from its stored JSON. */
export async function schemaEdgeHistoryOf(datasetId: string): Promise<SchemaEdgeHistoryEntry[]> {
  const db = await appDb();
  const rows = await db
    .select({
      edgeId: schemaEdgeHistory.edgeId,
      action: schemaEdgeHistory.action,
      via: schemaEdgeHistory.via,
      before: schemaEdgeHistory.before,
      after: schemaEdgeHistory.after,
      at: schemaEdgeHistory.at,
    })
    .from(schemaEdgeHistory)
    .where(eq(schemaEdgeHistory.datasetId, datasetId))
    .orderBy(asc(schemaEdgeHistory.id));
  return rows.flatMap((r) => {
    const action = actionSchema.safeParse(r.action);
    if (!action.success) return [];
    return [
      {
        edgeId: r.edgeId,
        action: action.data,
        ...(r.via === "undo" || r.via === "redo" ? { via: r.via } : {}),
        before: edgeOrNull(r.before),
        after: edgeOrNull(r.after),
        at: r.at,
      },
    ];
  });
}
