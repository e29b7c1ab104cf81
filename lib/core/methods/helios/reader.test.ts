import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRecorder, type TraceEventOf } from "../../trace";
import { linkEntities } from "./entity-linking";
import { buildHeliosIndex } from "./graph-index";
import { readerModelSchema } from "./reader-model";
import { runHelios } from "./run-helios";
import { filmPassages, filmSegments } from "./testing/films";

const file = path.resolve("models", "helios-reader.json");
const model = existsSync(file) ? readerModelSchema.parse(JSON.parse(readFileSync(file, "utf8"))) : undefined;
const index = () =>
  buildHeliosIndex({ segments: filmSegments, passages: filmPassages, links: linkEntities(filmSegments, filmPassages) });

describe.skipIf(!model)("the trained HELIOS reader (models/helios-reader.json)", () => {
  it("reads a passage span, says how sure it is and traces its candidates", async () => {
    const sink = createRecorder();
    const result = await runHelios(
      "Where was the director of Glass Rivers born?",
      { reader: "learned" },
      { index: index(), reasoner: "local", readerModel: model },
      sink,
    );
    expect(result.answer.text).toBe("Tainan");
    expect(result.answer.readerScore).toBeGreaterThanOrEqual(model!.threshold);
    const traced = sink.events.find((e): e is TraceEventOf<"reader-candidates"> => e.type === "reader-candidates");
    expect(traced?.abstained).toBe(false);
    expect(traced?.candidates[0]).toMatchObject({ text: "Tainan", source: "passage", passage: "p:3" });
    expect(traced!.candidates.length).toBeGreaterThan(1);
    const scores = traced!.candidates.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("abstains with a clear answer when no candidate is good enough", async () => {
    const sink = createRecorder();
    const strict = { ...model!, threshold: 0.999 };
    const result = await runHelios(
      "Where was the director of Glass Rivers born?",
      { reader: "learned", readerAbstains: true },
      { index: index(), reasoner: "local", readerModel: strict },
      sink,
    );
    expect(result.answer.text).toBe("No answer was found in the retrieved rows and passages.");
    expect(result.answer.values).toEqual([]);
    expect(result.answer.readerScore).toBeLessThan(0.999);
    expect(sink.events.find((e) => e.type === "reader-candidates")).toMatchObject({ abstained: true });
  });
});
