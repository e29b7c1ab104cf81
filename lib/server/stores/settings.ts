import "server-only";
import { eq } from "drizzle-orm";
import { appSettings } from "@/db/schema";
import { appDb } from "@/lib/server/db/app-db";

export async function getSetting(key: string): Promise<string | null> {
  const db = await appDb();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value ?? null;
}

export async function setSetting(key: string, value: string): Promise<void> {
  const db = await appDb();
  await db.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

export async function deleteSetting(key: string): Promise<void> {
  const db = await appDb();
  await db.delete(appSettings).where(eq(appSettings.key, key));
}
