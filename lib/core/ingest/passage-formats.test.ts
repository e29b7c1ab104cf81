import { describe, expect, it } from "vitest";
import { detectPassageFormat, parsePassageText } from "./passage-formats";

describe("passage formats", () => {
  it("detects each layout from the content", () => {
    expect(detectPassageFormat('{"title":"A","text":"x"}\n{"title":"B","text":"y"}\n').format).toBe("jsonl");
    expect(detectPassageFormat('{"title":"A","text":"x"}').format).toBe("jsonl");
    expect(detectPassageFormat('{"/wiki/A":"x","/wiki/B":"y"}').format).toBe("json-object");
    expect(detectPassageFormat('[{"title":"A","text":"x"}]').format).toBe("json-array");
    expect(detectPassageFormat("Title,Text\nA,x\n").format).toBe("csv");
  });

  it("reads a JSON object of title → text, turning wiki paths into titles", () => {
    const r = parsePassageText(
      "p.json",
      JSON.stringify({
        "/wiki/Ada_Lovelace": "Wrote the first program.",
        "/wiki/Caf%C3%A9": "A place.",
        Plain: "Kept.",
        Bad: 3,
      }),
    );
    expect(r.passages.map((p) => p.title)).toEqual(["Ada Lovelace", "Café", "Plain"]);
    expect(r.passages[0].aliases).toEqual(["/wiki/Ada_Lovelace"]);
    expect(r.problems[0].message).toMatch(/"Bad" is not a text string/);
  });

  it("reads a JSON array and a CSV, reporting entries without a title or text", () => {
    const arr = parsePassageText(
      "a.json",
      JSON.stringify([{ title: "Oslo", text: "A city.", url: "https://x/Oslo" }, { title: "Empty", text: "" }, 5]),
    );
    expect(arr.passages).toHaveLength(1);
    expect(arr.passages[0]).toMatchObject({ title: "Oslo", url: "https://x/Oslo" });
    expect(arr.problems).toHaveLength(2);
    const csv = parsePassageText("c.csv", 'title,text\nBergen,"Rainy, and wet."\n,no title\n');
    expect(csv.passages.map((p) => [p.title, p.text])).toEqual([["Bergen", "Rainy, and wet."]]);
    expect(csv.problems[0].message).toMatch(/line 3 has no title/);
  });

  it("still reads JSON Lines with per-line problems", () => {
    const r = parsePassageText("l.jsonl", '{"title":"A","text":"x"}\n{oops\n');
    expect(r.passages).toHaveLength(1);
    expect(r.problems[0].line).toBe(2);
  });
});
