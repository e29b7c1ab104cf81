import { describe, expect, it } from "vitest";
import { datePartExpr } from "../../../retrieval/sql/date-part";
import { parseDateGroup } from ".";
import { timePredicate } from "./predicate";
import { readTimeMentions } from "./read";
import { resolveRelative } from "./resolve";
import { timeStorageOf } from "./storage";

const first = (q: string) => readTimeMentions(q)[0];

describe("the time step", () => {
  it("reads months, days, holidays, quarters and weeks as intervals", () => {
    expect(first("Orders shipped in November 2004")).toMatchObject({ start: "2004-11-01", end: "2004-12-01" });
    expect(first("the high on Christmas Day 2013")).toMatchObject({ start: "2013-12-25", end: "2013-12-26" });
    expect(first("parties on New Year's Eve 2019")).toMatchObject({ value: "2019-12-31" });
    expect(first("revenue in the first quarter of 2018")).toMatchObject({ start: "2018-01-01", end: "2018-04-01" });
    expect(first("orders in the first week of January 2018")).toMatchObject({ start: "2018-01-01", end: "2018-01-08" });
  });

  it("reads decades, ranges with both ends, and open bounds", () => {
    expect(first("prizes of the 1990s")).toMatchObject({ start: "1990-01-01", end: "2000-01-01" });
    expect(first("awarded between 2012 and 2015")).toMatchObject({ start: "2012-01-01", end: "2016-01-01" });
    expect(first("from March 3 2012 to May 5 2012")).toMatchObject({ start: "2012-03-03", end: "2012-05-06" });
    expect(first("awarded since 2000")).toMatchObject({ start: "2000-01-01", comparator: ">=" });
    expect(first("last ordered before March 2018").end).toBe("2018-03-01");
  });

  it("reads recurring parts: a month, a day of the year, weekends, month ends", () => {
    expect(first("born in December")?.part).toEqual({ unit: "month", values: [12] });
    expect(first("born on New Year's Day")?.part).toEqual({ unit: "month-day", values: [101] });
    expect(first("placed on a weekend")?.part).toEqual({ unit: "weekday", values: [0, 6] });
    expect(first("placed on the last day of a month")?.part).toEqual({ unit: "month-end", values: [1] });
  });

  it("leaves names and words alone: 'March Smith', the verb 'may', 'the last year where …'", () => {
    expect(readTimeMentions("rides in March 2011 by March Smith").map((m) => m.text)).toEqual(["March 2011"]);
    expect(readTimeMentions("Which customers may have left?")).toEqual([]);
    expect(readTimeMentions("the last year where the team played")).toEqual([]);
  });

  it("resolves a relative period against the data's last date, never the clock", () => {
    const m = first("sales in the past 3 months");
    expect(m.relative).toBe(true);
    expect(resolveRelative(m, "2018-04-09")).toMatchObject({ start: "2018-01-10", end: "2018-04-10" });
    expect(resolveRelative(first("sales last year"), "2018-04-09")).toMatchObject({ start: "2017-01-01" });
    expect(resolveRelative(m, null)).toBeNull();
  });

  it("asks for a date part to group by", () => {
    expect(parseDateGroup("Which month had the most orders?")).toEqual({ unit: "month", phrase: "month" });
    expect(parseDateGroup("What day of the week is busiest?")?.unit).toBe("weekday");
    expect(parseDateGroup("How many orders were there?")).toBeNull();
  });
});

describe("time predicates by storage", () => {
  const iso = timeStorageOf({ type: "date", words: ["order", "date"] })!;
  const text = timeStorageOf({ type: "text", words: ["premiere"], dateFormat: "mon-d-y" })!;
  const years = timeStorageOf({ type: "integer", words: ["season"], max: 2019 })!;

  it("tells ISO text, other text and year numbers apart", () => {
    expect([iso.kind, text.kind, years.kind]).toEqual(["iso", "text", "year-number"]);
    expect(timeStorageOf({ type: "integer", words: ["running", "time"], max: 180 })).toBeNull();
  });

  it("renders an interval for each storage, and a part only where dates hold it", () => {
    const decade = first("in the 1990s");
    expect(timePredicate(decade, iso)).toEqual({ op: "between", values: ["1990", "1999\uffff"] });
    expect(timePredicate(decade, years)).toEqual({ op: "between", values: [1990, 1999] });
    const may = first("opened in May");
    expect(timePredicate(may, iso)).toEqual({ op: "=", values: [5], part: "month" });
    expect(timePredicate(may, years)).toBeNull();
  });

  it("reads a part of a date with strftime", () => {
    expect(datePartExpr("d", "weekday")).toBe("CAST(strftime('%w', d) AS INTEGER)");
    expect(datePartExpr("d", "quarter")).toContain("+ 2) / 3");
  });
});
