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

  it("offers pieces of names and dates, comma-joined places and numbers with their noun, with their neighbours", () => {
    const [s] = passageSpans(
      "Bill Condon (born October 22, 1955) premiered it at the Seattle International Film Festival in " +
        "Hickory, North Carolina, starring Frances McDormand and Amy Adams, 7 times.",
    );
    const by = (text: string) => s.spans.find((x) => x.text === text);
    expect(by("1955")).toMatchObject({ kind: "year", part: "piece" });
    expect(by("Seattle")).toMatchObject({ kind: "proper", part: "piece" });
    expect(by("Hickory, North Carolina")).toMatchObject({ part: "joined" });
    expect(by("Frances McDormand")).toMatchObject({ part: "piece" });
    expect(by("Amy Adams")).toMatchObject({ left: "and" });
    expect(s.spans.some((x) => x.text === "7 times" && x.kind === "number")).toBe(true);
    expect(by("Bill Condon")).toMatchObject({ part: "whole", left: "", at: 0 });
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
