import { describe, expect, it } from "vitest";
import { decomposeLocally } from "./decomposition";

describe("decomposeLocally", () => {
  it.each([
    [
      "How many schools in Contra Costa county are directly funded?",
      "How many schools",
      ["in Contra Costa county", "are directly funded"],
    ],
    ["What is the name of the school in Fresno?", "What is the name of the school", ["in Fresno"]],
    [
      "For the vehicle model Bolt EV, were any active safety systems activated in case 20335?",
      "were any active safety systems activated",
      ["For the vehicle model Bolt EV", "in case 20335"],
    ],
    [
      "List the names of singers whose age is above 30 and who are from France",
      "List the names of singers",
      ["whose age is above 30", "who are from France"],
    ],
    ["How many counties are there?", "How many counties are there", []],
  ])("%s", (q, main, conditions) => {
    expect(decomposeLocally(q)).toEqual({ main, conditions });
  });
});
