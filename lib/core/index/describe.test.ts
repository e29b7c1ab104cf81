import { describe, expect, it } from "vitest";
import { describeColumn } from "./describe-column";
import { describeTable } from "./describe-table";
import { formatNumber, formatPercent } from "./format";
import { profileColumn } from "./profile";
import { schoolsDataset } from "./testing/schools";

describe("format", () => {
  it("formats without the host locale", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(-1234.5678912)).toBe("-1,234.57");
    expect(formatNumber(0.000123456789)).toBe("0.000123457");
    expect(formatPercent(0.004)).toBe("<1%");
    expect(formatPercent(0.996)).toBe(">99%");
    expect(formatPercent(0.12)).toBe("12%");
  });
});

describe("describeColumn", () => {
  it("writes the sentence from the expanded name, range, uniqueness and examples", () => {
    const values = [14, 30, 102, 14, 30, 14, 900, 0, 55, 61];
    const d = describeColumn(
      "satscores",
      { name: "NumTstTakr", sqlName: "numtsttakr" },
      profileColumn("integer", values),
    );
    expect(d).toEqual({
      table: "satscores",
      column: "numtsttakr",
      expandedName: "number of test takers",
      description:
        "Number of test takers: an integer from 0 to 900, unique in 70% of rows (7 distinct values); e.g. 14, 30, 102.",
    });
  });

  it("mentions missing values, keys and text extremes", () => {
    const text = describeColumn(
      "schools",
      { name: "County", sqlName: "county" },
      profileColumn("text", ["Los Angeles", "LA", null, "Los Angeles", "San Bernardino", "Kern"]),
    );
    expect(text.description).toBe(
      "County: text of 2 to 14 characters, unique in 67% of rows (4 distinct values), missing in 17% of rows; " +
        'e.g. "Los Angeles", "LA", "San Bernardino".',
    );
    const key = describeColumn(
      "schools",
      { name: "CDSCode", sqlName: "cdscode" },
      profileColumn("text", ["01100170109835", "01100170112607"]),
    );
    expect(key.description).toContain("County district school code: text of 14 characters, unique in every row");
  });

  it("describes constant, boolean, date and empty columns", () => {
    const constant = describeColumn(
      "frpm",
      { name: "Academic Year", sqlName: "academic_year" },
      profileColumn("text", ["2014-2015", "2014-2015"]),
    );
    expect(constant.description).toBe('Academic year: text of 9 characters, always "2014-2015".');
    const flag = describeColumn(
      "schools",
      { name: "Virtual", sqlName: "virtual" },
      profileColumn("boolean", ["yes", "no", "no"]),
    );
    expect(flag.description).toMatch(/^Virtual: a yes\/no value, unique in 67% of rows/);
    const date = describeColumn(
      "schools",
      { name: "OpenDate", sqlName: "opendate" },
      profileColumn("date", ["2001-09-01", "1999-01-01"]),
    );
    expect(date.description).toContain("Open date: a date from 1999-01-01 to 2001-09-01");
    const empty = describeColumn("t", { name: "notes", sqlName: "notes" }, profileColumn("text", [null, null]));
    expect(empty.description).toBe("Notes: text, always empty.");
    const letter = describeColumn("t", { name: "grade", sqlName: "grade" }, profileColumn("text", ["A", "B"]));
    expect(letter.description).toBe('Grade: text of 1 character, unique in every row; e.g. "A", "B".');
  });

  it("says when the distinct count is an estimate", () => {
    const values = Array.from({ length: 3000 }, (_, i) => `id-${i}`);
    const d = describeColumn(
      "t",
      { name: "ext_id", sqlName: "ext_id" },
      profileColumn("text", values, undefined, { distinctCap: 100 }),
    );
    expect(d.description).toMatch(/unique in (9\d|>99|100)% of rows \(about [\d,]+ distinct values, estimated\)/);
  });
});

describe("describeTable", () => {
  it("reads the table name, size, key and columns", () => {
    const [schools, satscores, , frpm] = schoolsDataset();
    expect(describeTable(schools.meta).description).toBe(
      "Schools: 300 rows and 10 columns, one row per county district school code; columns: " +
        "county district school code, district code, county, school, city, zip code, open date, charter, " +
        "latitude, virtual.",
    );
    expect(describeTable(satscores.meta, ["cds"]).description).toMatch(
      new RegExp(
        String.raw`^Sat scores \(satscores\): \d+ rows and 9 columns, one row per county district school; ` +
          "columns: county district school, s name,",
      ),
    );
    expect(describeTable(frpm.meta).expandedName).toBe("free or reduced price meal");
  });
});

describe("descriptions do not guess unsure expansions", () => {
  const profile = profileColumn("integer", [1, 2, 3, 4, 5]);
  const contId = { name: "ContId", sqlName: "contid", type: "integer" as const };
  it("keeps an abbreviation with several readings as written", () => {
    const d = describeColumn("continents", { name: "ContId", sqlName: "ContId" }, profile);
    expect(d.description).toMatch(/^Cont identifier:/);
    expect(d.description).not.toContain("count");
  });
  it("still expands one that only one word fits", () => {
    const d = describeColumn("scores", { name: "NumTstTakr", sqlName: "NumTstTakr" }, profile);
    expect(d.description).toMatch(/^Number of test takers:/);
  });
  it("keeps the table sentence free of the guess too", () => {
    const t = describeTable({ name: "continents", rowCount: 5, columns: [contId as never] }, []);
    expect(t.description).toContain("columns: cont identifier");
  });
});
