import { describe, expect, it } from "vitest";
import { MAX_NAME_CHARS } from "../model/limits";
import { capName, cleanHeader, printableName, sqlNameInStatement, toSqlIdentifier, uniqueNames } from "./identifiers";

describe("identifiers", () => {
  it("makes safe snake_case identifiers", () => {
    expect(toSqlIdentifier("NumTstTakr")).toBe("num_tst_takr");
    expect(toSqlIdentifier("Année (€)")).toBe("annee");
    expect(toSqlIdentifier("2023 / Boys")).toBe("col_2023_boys");
    expect(toSqlIdentifier("select")).toBe("select_");
    expect(toSqlIdentifier("!!!")).toBe("col");
  });
  it("dedupes case-insensitively", () => {
    expect(uniqueNames(["a", "A", "a"])).toEqual(["a", "A_2", "a_3"]);
  });
  it("cleans headers and reports changes", () => {
    const fix = cleanHeader(["x", " ", "x", null]);
    expect(fix.names).toEqual(["x", "column 2", "x_2", "column 4"]);
    expect(fix.notes).toHaveLength(3);
  });
  it("cuts names past MAX_NAME_CHARS with a note naming the limit, never inside a surrogate pair", () => {
    const fix = cleanHeader(["a".repeat(100_000), "a".repeat(100_001), "id"]);
    expect(fix.names[0]).toHaveLength(MAX_NAME_CHARS);
    expect(fix.names[1]).toBe(`${"a".repeat(MAX_NAME_CHARS)}_2`);
    expect(fix.names[2]).toBe("id");
    expect(fix.notes[0]).toBe(
      `Header 1 is 100,000 characters long; its name keeps the first ${MAX_NAME_CHARS} (MAX_NAME_CHARS).`,
    );
    const emoji = `${"x".repeat(MAX_NAME_CHARS - 1)}😀tail`;
    expect(capName(emoji, "Sheet").name).toBe("x".repeat(MAX_NAME_CHARS - 1));
    expect(capName("short", "Sheet")).toEqual({ name: "short", note: null });
  });
});

describe("printableName", () => {
  it("keeps NUL and other control characters out of names", () => {
    expect(printableName("\u0000name")).toBe("name");
    expect(printableName("tab\u0001le")).toBe("tab le");
    expect(printableName("\ufeffcity\u007f")).toBe("city");
    expect(printableName("naïve 名前")).toBe("naïve 名前");
    expect(cleanHeader(["\u0000name", "city"]).names).toEqual(["name", "city"]);
  });

  it("writes a name bare in a statement only when it is a plain identifier and no keyword", () => {
    expect(sqlNameInStatement("order_items")).toBe("order_items");
    expect(sqlNameInStatement("Order")).toBe('"Order"');
    expect(sqlNameInStatement("Sales by Year")).toBe('"Sales by Year"');
    expect(sqlNameInStatement('say "hi"')).toBe('"say ""hi"""');
    expect(sqlNameInStatement("2020")).toBe('"2020"');
  });
});
