/**
 * Text utilities shared by the offline index and the local reasoner: normalisation, identifier
 * splitting and abbreviation expansion, stemming, synonyms, and the text-encoder port with its
 * weight-free hashed default.
 */
export type { TextEncoder } from "./encoder";
export { cosine, dot } from "./encoder";
export { HashedTextEncoder, createHashedEncoder, type HashedEncoderOptions } from "./hashed-encoder";
export { analyzeText, extractFeatures, type TextAnalysis, type TextFeatures } from "./features";
export { normalizeText, foldCase, canonicalYearSpans, words } from "./normalize";
export { splitIdentifier } from "./tokenize";
export { expandName, displayName, type ExpandedName, type ExpandOptions } from "./expand-name";
export { loadEnglishLexicon, type WordPredicate } from "./lexicon";
export { ABBREVIATIONS, lookupAbbreviation } from "./abbreviations";
export { matchAbbreviation, segmentGlued } from "./abbreviation-match";
export { SCHEMA_WORDS, isKnownWord, pluralize } from "./words";
export { stem } from "./stem";
export { SYNONYM_GROUPS, synonymKey, synonymsOf, areSynonyms } from "./synonyms";
export { acronymLetters, initialsOf } from "./acronym";
export { hashString, hashRange, fmix32 } from "./hash";
