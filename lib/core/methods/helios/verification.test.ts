import { describe, expect, it } from "vitest";
import { verifyLocally } from "./verification";

const item = (passage: string, title: string, text: string) => ({
  passage,
  segment: "s:films:4",
  title,
  text,
  rowText: "films : Year is 2001 ; Title is Glass Rivers ; Director is Mei Lin",
});

describe("local passage verification", () => {
  it("keeps a passage that shares a question word or whose title the question names, drops the rest", () => {
    const { verdicts } = verifyLocally({
      question: "Where was the director of Glass Rivers born?",
      items: [
        item("p:1", "Mei Lin", "Mei Lin is a Taiwanese director. She was born in Tainan."),
        item("p:2", "Glass Rivers", "A 2001 drama."),
        item("p:3", "Tainan", "Tainan is a city in southern Taiwan. It rains a lot there."),
      ],
    });
    expect(verdicts.map((v) => v.keep)).toEqual([true, true, false]);
    expect(verdicts[0].reason).toMatch(/"born"/);
    expect(verdicts[1].reason).toMatch(/names "Glass Rivers"/);
    expect(verdicts[2].reason).toBe("No sentence shares a word with the question.");
  });
});
