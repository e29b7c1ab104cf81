import { describe, expect, it } from "vitest";
import { overridesFromFields } from "./upload-overrides";

describe("overridesFromFields", () => {
  it("reads the dialect chosen at upload and treats empty or auto as detect", () => {
    expect(overridesFromFields({ name: "x" })).toBeUndefined();
    expect(overridesFromFields({ delimiter: "auto", escape: "" })).toBeUndefined();
    expect(overridesFromFields({ delimiter: "tab", escape: "backslash", headerRows: "2" })).toEqual({
      dialect: { delimiter: "\t", escape: "backslash" },
      headerRows: 2,
    });
    expect(overridesFromFields({ delimiter: ";" })).toEqual({ dialect: { delimiter: ";" } });
  });

  it("refuses unknown values with a clear message", () => {
    expect(() => overridesFromFields({ delimiter: "x" })).toThrow(/Unknown delimiter/);
    expect(() => overridesFromFields({ headerRows: "9" })).toThrow(/headerRows/);
  });
});
