import { describe, expect, it } from "vitest";
import { MAX_PASSAGE_CHARS, normalisePassages, parseJsonl, parseTextFile } from "./passages";

describe("passage files", () => {
  it("reads JSONL, reports bad lines by number and keeps the rest", () => {
    const text = [
      '{"title":"Mei Lin","text":"Born in Tainan."}',
      "{not json",
      '{"text":"no title"}',
      '{"title":"Empty","text":"  "}',
      "[1,2]",
      '{"title":"Gdansk","text":"A port.","url":"https://x/Gdansk","aliases":["Danzig"]}',
    ].join("\n");
    const r = parseJsonl("p.jsonl", text);
    expect(r.passages.map((p) => p.title)).toEqual(["Mei Lin", "Gdansk"]);
    expect(r.passages[1]).toMatchObject({ url: "https://x/Gdansk", aliases: ["Danzig"], source: "p.jsonl:6" });
    expect(r.problems.map((p) => p.line)).toEqual([2, 3, 4, 5]);
    expect(r.problems[0].message).toMatch(/Line 2 is not valid JSON/);
    expect(r.problems[1].message).toMatch(/no title/);
  });

  it("takes a text file's title from its heading or its name", () => {
    expect(parseTextFile("notes.md", "# Tomas Berg\n\nBorn in Malmo.").passages[0]).toMatchObject({
      title: "Tomas Berg",
      text: "Born in Malmo.",
    });
    expect(parseTextFile("Mei_Lin.txt", "Born in Tainan.").passages[0]).toMatchObject({
      title: "Mei Lin",
      text: "Born in Tainan.",
    });
    expect(parseTextFile("x.md", "# Only a title").problems[0].message).toMatch(/no text/);
  });

  it("renames duplicate titles and splits a 5 MB passage, losing nothing", () => {
    const big = "Word word word. ".repeat(Math.ceil((5 * 1024 * 1024) / 16));
    const r = normalisePassages(
      {
        passages: [
          { title: "A", text: "one", url: null, aliases: [], source: "f" },
          { title: "a", text: "two", url: null, aliases: [], source: "g" },
          { title: "Big", text: big, url: null, aliases: [], source: "h" },
        ],
        problems: [],
        notes: [],
      },
      ["B"],
    );
    expect(r.passages[0].title).toBe("A");
    expect(r.passages[1]).toMatchObject({ title: "a (2)", aliases: ["a"] });
    const parts = r.passages.filter((p) => p.title.startsWith("Big"));
    expect(parts.length).toBeGreaterThan(50);
    expect(parts.every((p) => p.text.length <= MAX_PASSAGE_CHARS)).toBe(true);
    expect(
      parts
        .map((p) => p.text)
        .join(" ")
        .replace(/\s+/g, " ").length,
    ).toBe(big.trim().replace(/\s+/g, " ").length);
    expect(r.notes.some((n) => /split into/.test(n))).toBe(true);
  });
});
