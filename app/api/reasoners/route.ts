import { handle } from "@/lib/server/http/errors";
import { HOW_TO_CONFIGURE, listReasoners } from "@/lib/server/llm";

export const dynamic = "force-dynamic";

/** The reasoners this server offers (local always; llm when a provider is configured) and how to add one. */
export const GET = handle(async () => Response.json({ reasoners: listReasoners(), howToConfigure: HOW_TO_CONFIGURE }));
