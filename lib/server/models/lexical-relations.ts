import "server-only";
import { lexicalRelationsSchema, useLexicalRelations } from "@/lib/core/text/relations";
import { loadModel } from "./load-model";
import { gazetteerSchema, useGazetteer } from "@/lib/core/text/gazetteer";

let loaded = false;

/**
 * Loads WordNet's word relations (models/lexical-relations.json) and the place names
 * (models/gazetteer.json) into the text matchers, once per
 * process (or worker). Called before anything matches words — server start, the index pipeline and
 * every question's ports — so an index and a question always read words the same way.
 */
export function ensureLexicalRelations(): void {
  if (loaded || process.env.NO_LEXICON) return;
  useLexicalRelations(loadModel("lexical-relations", lexicalRelationsSchema));
  useGazetteer(loadModel("gazetteer", gazetteerSchema));
  loaded = true;
}
