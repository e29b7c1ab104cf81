import { describe, expect, it } from "vitest";
import { kindOf, passageSpans } from "./reader-spans";

describe("passage spans", () => {
  const text =
    "Rudolf Svensson (27 March 1899 – 4 December 1978), nicknamed Starke Rudolf, " +
    "was a Swedish heavyweight wrestler. He won the gold medal in 1932 at Los Angeles.";
  it("offers names, dates, numbers and noun phrases of each sentence, with their context", () => {
    const sents = passageSpans(text);
    expect(sents).toHaveLength(2);
    const first = sents[0].spans.map((s) => s.text);
    expect(first).toEqual(
      expect.arrayContaining(["Rudolf Svensson", "Starke Rudolf", "27 March 1899", "4 December 1978"]),
    );
    expect(sents[1].spans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: "1932", kind: "year" }),
        expect.objectContaining({ text: "Los Angeles", kind: "proper" }),
      ]),
    );
    expect(sents[1].spans.find((s) => s.text === "1932")?.window).toContain("gold medal");
  });

  it("reads a string's kind", () => {
    expect(kindOf("1999")).toBe("year");
    expect(kindOf("12,400")).toBe("number");
    expect(kindOf("3rd")).toBe("ordinal");
    expect(kindOf("May 3, 2001")).toBe("date");
    expect(kindOf("Tainan")).toBe("proper");
    expect(kindOf("drama film")).toBe("text");
  });
});
