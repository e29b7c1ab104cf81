/** Tells whether a lowercase token is an ordinary English word. */
export type WordPredicate = (word: string) => boolean;

let loading: Promise<WordPredicate> | null = null;

/**
 * Loads the English lexicon shipped in wink-eng-lite-web-model (~87k words, ~150 ms, once) as a
 * predicate for expandName: a real word ("ship", "fall") is then kept as written instead of being
 * read as an abbreviation ("shipper"). Dynamic import, so bundles that never call it stay small.
 */
export function loadEnglishLexicon(): Promise<WordPredicate> {
  loading ??= import("wink-eng-lite-web-model").then((mod) => {
    const model = ((mod as { default?: unknown }).default ?? mod) as {
      core(): { features: { lexeme: { list: string[] } } };
    };
    const words = new Set(model.core().features.lexeme.list.filter((w) => /^[a-z]+$/.test(w)));
    return (w: string) => words.has(w);
  });
  return loading;
}
