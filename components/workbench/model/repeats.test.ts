import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/core/trace";
import { groupRepeats } from "./repeats";

const warning = (seq: number, message: string, at = seq) =>
  ({ type: "warning", seq, at, runId: "r", message }) as unknown as TraceEvent;

describe("groupRepeats", () => {
  it("folds consecutive events that say the same thing, whatever their clock", () => {
    const lines = groupRepeats([
      warning(1, "a"),
      warning(2, "a", 9),
      warning(3, "a"),
      warning(4, "b"),
      warning(5, "a"),
    ]);
    expect(lines.map((l) => [l.count, l.seqs])).toEqual([
      [3, [1, 2, 3]],
      [1, [4]],
      [1, [5]],
    ]);
  });
});
