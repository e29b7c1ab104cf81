import { describe, expect, it } from "vitest";
import { topStars } from "./answer";
import { linkEntities } from "./entity-linking";
import { buildHeliosIndex } from "./graph-index";
import { readerCandidates } from "./reader-candidates";
import { viewQuestion } from "./reader-question";
import { filmPassages, filmSegments } from "./testing/films";

const index = buildHeliosIndex({
  segments: filmSegments,
  passages: filmPassages,
  links: linkEntities(filmSegments, filmPassages),
});
const question = "Where was the director of Glass Rivers born?";

describe("reader candidates", () => {
  const stars = topStars(
    index,
    [
      { segment: "s:films:4", passage: "p:3", score: 0.9 },
      { segment: "s:films:1", passage: "p:1", score: 0.5 },
    ],
    5,
  );
  const q = viewQuestion(question);
  const cands = readerCandidates(q, { question, stars });

  it("reads the question's wh-class and target", () => {
    expect(q.wh).toBe("where");
    expect(viewQuestion("Which studio produced the 1996 film?")).toMatchObject({ wh: "which", target: "studio" });
    expect(viewQuestion("How many episodes were made?").wh).toBe("how many");
  });

  it("offers every cell of the stars' rows and the spans of their passages, with where they came from", () => {
    expect(cands.filter((c) => c.source === "cell").map((c) => c.text)).toEqual([
      "2001",
      "Glass Rivers",
      "Mei Lin",
      "8",
      "1994",
      "Red Harbour",
      "Anna Kowalska",
      "12",
    ]);
    const tainan = cands.find((c) => c.text === "Tainan")!;
    expect(tainan).toMatchObject({
      source: "passage",
      passage: "p:3",
      segment: "s:films:4",
      sentence: "She was born in Tainan.",
    });
    expect(tainan.features["wh=where|src=passage"]).toBe(1);
    expect(tainan.features.rowNamed).toBe(1);
    expect(tainan.features.linkHeaderCover).toBeGreaterThan(0);
    expect(tainan.features.sentCover).toBeGreaterThan(0);
  });

  it("marks strings the question already holds and the row's own values", () => {
    expect(cands.find((c) => c.text === "Glass Rivers")!.features.inQuestion).toBe(1);
    const meiLin = cands.find((c) => c.source === "passage" && c.text === "Mei Lin")!;
    expect(meiLin.features.isTitle).toBe(1);
    expect(meiLin.features.isRowValue).toBe(1);
  });
});
