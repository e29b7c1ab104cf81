import { describe, expect, it } from "vitest";
import { parseQuestionLocally } from "./index";

const parse = (q: string) => parseQuestionLocally(q);

describe("numbers and comparators", () => {
  it.each([
    ["How many schools have not more than 250 test takers?", "<=", 250],
    ["Which students are at least 20?", ">=", 20],
    ["List pets heavier than 10", ">", 10],
    ["Schools with fewer than 3 teachers", "<", 3],
    ["Players with 5 or more wins", ">=", 5],
    ["Stadiums with a capacity of 5,000", "=", 5000],
  ])("%s", (q, comparator, value) => {
    expect(parse(q).numbers[0]).toMatchObject({ comparator, value });
  });

  it("reads between, keeps the context words, and turns top N into a limit", () => {
    const p = parse("Show location and name for all stadiums with a capacity between 5000 and 10000.");
    expect(p.numbers).toEqual([expect.objectContaining({ comparator: "between", value: 5000, upper: 10000 })]);
    expect(p.numbers[0].context).toContain("capacity");
    const top = parse("What are the top 3 highest support rates?");
    expect(top.limit).toBe(3);
    expect(top.numbers).toEqual([]);
  });

  it("reads dates and years with their comparators", () => {
    // "after 2015" is the open interval from 2016 on.
    expect(parse("Which films came out after 2015?").dates[0]).toMatchObject({
      start: "2016-01-01",
      comparator: ">=",
    });
    expect(parse("Orders placed between 2010 and 2012").dates[0]).toMatchObject({
      value: "2010",
      upper: "2012",
      comparator: "between",
    });
    expect(parse("Who was born on March 2, 1990?").dates[0]).toMatchObject({ value: "1990-03-02" });
    expect(parse("Sales in 2019").dates[0]).toMatchObject({ value: "2019", comparator: "=" });
  });

  it("reads 'in' before a word as a preposition and 'in' at the end as inches", () => {
    expect(parse("How much rain fell in 2013 in total?").numbers[0]?.unit ?? null).toBeNull();
    expect(parse("Which days had more than 2 in?").numbers[0]).toMatchObject({ value: 2, unit: "in" });
  });

  it("reads 'how much … in total' as a sum and a plain 'how much' as a value", () => {
    expect(parse("How much did customers pay us in 2005 in total?").aggregates[0]).toMatchObject({ fn: "sum" });
    expect(parse("How much does the blue bike cost?").aggregates).toEqual([]);
  });
});

describe("entities", () => {
  it("finds quoted strings, capitalised spans and acronyms, not the opening word", () => {
    const p = parse('How many schools in Contra Costa and LA are named "Lincoln High"?');
    expect(p.entities.map((e) => [e.text, e.kind])).toEqual([
      ["Lincoln High", "quoted"],
      ["Contra Costa", "capitalized"],
      ["LA", "acronym"],
    ]);
  });
});

describe("intent and shape", () => {
  it.each([
    ["How many singers do we have?", "count"],
    ["What is the average age of all singers?", "average"],
    ["What is the total revenue?", "sum"],
    ["What is the maximum weight for each type of pet?", "max"],
    ["What is the lowest version number?", "min"],
    ["Which template type code has most number of templates?", "argmax"],
    ["Find the weight of the youngest dog.", "argmin"],
    ["How many more passengers flew to Los Angeles than to Saskatoon?", "difference"],
    ["Who was taller, Anna or Maria?", "comparison"],
    ["Is there a school in Fresno?", "yes-no"],
    ["List the names of all singers.", "list"],
    ["What is the capital of France?", "lookup"],
  ])("%s → %s", (q, intent) => {
    expect(parse(q).intent).toBe(intent);
  });

  it("reads targets, grouping, ordering, count conditions and negation", () => {
    expect(
      parse("Show name, country, age for all singers ordered by age from the oldest to the youngest."),
    ).toMatchObject({
      targets: ["name", "country", "age"],
      subject: "singers",
      orderBy: { phrase: "oldest", direction: "desc" },
    });
    expect(parse("Find the average and maximum age for each type of pet.")).toMatchObject({
      aggregates: [
        expect.objectContaining({ fn: "avg", phrase: "age" }),
        expect.objectContaining({ fn: "max", phrase: "age" }),
      ],
      groupBy: ["type of pet"],
    });
    expect(parse("Find the first name and gender of students who have more than one pet.").having).toEqual({
      comparator: ">",
      value: 1,
      phrase: "pet",
      distinct: false,
    });
    // A magnitude after the digits belongs to the amount: no count condition on "million".
    expect(parse("How many films had a production budget above $200 million?").having).toBeNull();
    expect(parse("What are the ids of students who do not have a cat pet?").negation).toEqual({ phrase: "cat pet" });
    expect(parse("Return the id of the template used by the most documents.").superlative).toEqual({
      phrase: "documents",
      direction: "max",
      byCount: true,
    });
  });

  it("survives empty, huge and foreign input", () => {
    expect(parse("").intent).toBe("lookup");
    expect(parse("how many ".repeat(1000)).keywords.length).toBeLessThan(50);
    expect(parse("Combien d'écoles y a-t-il à Fresno ?").entities.map((e) => e.text)).toContain("Fresno");
  });
});

describe("an opening phrase set off by a comma", () => {
  it("reads the question after it and keeps its date", () => {
    const p = parse("In 2004, how many orders came in?");
    expect(p.intent).toBe("count");
    expect(p.dates[0]).toMatchObject({ value: "2004" });
  });

  it("keeps an opener that aggregates ('On average, …')", () => {
    expect(parse("On average, what did the schools score in writing?").aggregates[0]).toMatchObject({ fn: "avg" });
  });
});

describe("missing values", () => {
  it("reads 'still have no ship date' as a missing ship date", () => {
    expect(parse("Count the orders that still have no ship date.").missing).toEqual([
      { phrase: "ship date", present: false },
    ]);
  });
});

describe("shares", () => {
  it("reads 'as a percentage of the total' and 'what is the share of' as percentages", () => {
    expect(parse("Cancelled orders as a percentage of the total?").intent).toBe("percentage");
    expect(parse("What is the share of orders that were cancelled?").intent).toBe("percentage");
  });
  it("reads frequencies, repeats and distinct counts as count conditions, and 'N through M' as a range", () => {
    expect(parse("How many customers have ordered exactly twice?").having).toMatchObject({
      comparator: "=",
      value: 2,
      phrase: "ordered",
    });
    expect(parse("Which members visited three times or more?").having).toMatchObject({ comparator: ">=", value: 3 });
    expect(parse("Which guests came back for a third stay?").having).toMatchObject({
      comparator: ">=",
      value: 3,
      phrase: "stay",
    });
    expect(parse("Which authors wrote in two different genres?").having).toMatchObject({ value: 2, distinct: true });
    // The frequency's number names no column.
    expect(parse("How many customers ordered more than once?").numbers).toEqual([]);
    expect(parse("How many drivers raced in rounds 3 through 7?").numbers[0]).toMatchObject({
      comparator: "between",
      value: 3,
      upper: 7,
    });
  });
});
