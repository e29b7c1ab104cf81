import { handle } from "@/lib/server/http/errors";
import { activeReasoners, HOW_TO_CONFIGURE } from "@/lib/server/llm";

export const dynamic = "force-dynamic";

/** The reasoners this server offers (local always; llm when a model is saved or set by the environment). */
export const GET = handle(async () =>
  Response.json({ reasoners: await activeReasoners(), howToConfigure: HOW_TO_CONFIGURE }),
);
