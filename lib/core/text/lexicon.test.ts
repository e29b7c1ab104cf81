import { describe, expect, it } from "vitest";
import { expandName } from "./expand-name";
import { loadEnglishLexicon } from "./lexicon";
import { splitIdentifier } from "./tokenize";

describe("loadEnglishLexicon", () => {
  it("loads once and knows English words but not abbreviations", async () => {
    const [isWord, again] = await Promise.all([loadEnglishLexicon(), loadEnglishLexicon()]);
    expect(again).toBe(isWord);
    for (const w of ["ship", "fall", "magnet", "county"]) expect(isWord(w), w).toBe(true);
    for (const w of ["tst", "takr", "cnty", "dist"]) expect(isWord(w), w).toBe(false);
  });

  it("keeps real words that would otherwise read as abbreviations", async () => {
    const isWord = await loadEnglishLexicon();
    expect(expandName("SetName").text).toBe("seat name");
    expect(expandName("SetName", { isWord }).text).toBe("set name");
    // Abbreviations still expand with the lexicon loaded.
    expect(expandName("NumTstTakr", { isWord }).text).toBe("number of test takers");
    expect(expandName("MailStrAbr", { isWord }).text).toBe("mail street abbreviation");
  });
});

describe("splitIdentifier across separators", () => {
  it("does not move capitals across spaces or onto short words", () => {
    expect(splitIdentifier("2013-14 CALPADS Fall 1 Certification Status")).toEqual([
      "2013",
      "14",
      "CALPADS",
      "Fall",
      "1",
      "Certification",
      "Status",
    ]);
  });
});
