import "server-only";
import { lexicalRelationsSchema, useLexicalRelations } from "@/lib/core/text/relations";
import { loadModel } from "./load-model";

let loaded = false;

/**
 * Loads WordNet's word relations (models/lexical-relations.json) into the text matchers, once per
 * process (or worker). Called before anything matches words — server start, the index pipeline and
 * every question's ports — so an index and a question always read words the same way.
 */
export function ensureLexicalRelations(): void {
  if (loaded || process.env.NO_LEXICON) return;
  useLexicalRelations(loadModel("lexical-relations", lexicalRelationsSchema));
  loaded = true;
}
