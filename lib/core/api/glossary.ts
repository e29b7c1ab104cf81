import type { GlossaryEntry } from "../retrieval/glossary";

// The glossary as the API serves it.
// Declared once (no copies): the routes build these shapes and the client reads them.

/** One glossary entry as the API serves it (lib/core/retrieval/glossary.ts). */
export type StoredGlossaryEntry = GlossaryEntry & { id: string; createdAt: string; updatedAt: string };
