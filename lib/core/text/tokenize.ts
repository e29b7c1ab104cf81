import { lookupAbbreviation } from "./abbreviations";
import { isKnownWord, knownSingular } from "./words";

function recognised(lower: string): boolean {
  return isKnownWord(lower) || knownSingular(lower) !== null || lookupAbbreviation(lower) !== undefined;
}

/**
 * Splits a schema identifier into its parts, keeping the original case:
 * "NumTstTakr" -> Num Tst Takr, "CDSCode" -> CDS Code, "enroll12" -> enroll 12,
 * "Percent (%) Eligible" -> Percent % Eligible. "%" and "#" survive as tokens because they
 * carry meaning ("percent", "number").
 */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([%#])/g, " $1 ")
    .split(/[^\p{L}\p{N}%#]+/u)
    .filter(Boolean)
    .flatMap(splitChunk);
}

/** Splits one separator-free chunk at case and letter/digit boundaries. */
function splitChunk(chunk: string): string[] {
  const parts = chunk
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/(\p{L})(\p{N})/gu, "$1 $2")
    .replace(/(\p{N})(\p{L})/gu, "$1 $2")
    .split(" ");
  // "GSoffered" splits as G + Soffered; move the capital back when that yields a real word.
  for (let i = 0; i + 1 < parts.length; i++) {
    const a = parts[i];
    const b = parts[i + 1];
    const rest = b.slice(1);
    if (
      /^[A-Z]+$/.test(a) &&
      /^[A-Z][a-z]+$/.test(b) &&
      rest.length >= 4 &&
      !recognised(b.toLowerCase()) &&
      recognised(rest)
    ) {
      parts[i] = a + b[0];
      parts[i + 1] = rest;
    }
  }
  return parts;
}
