import { handle } from "@/lib/server/http/errors";
import { methodCatalog } from "@/lib/server/ask/methods";

export const dynamic = "force-dynamic";

/** The question-answering methods, with the JSON Schema of each one's parameters. */
export const GET = handle(async () => Response.json({ methods: methodCatalog() }));
