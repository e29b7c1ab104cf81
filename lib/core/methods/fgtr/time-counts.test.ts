import { afterEach, describe, expect, it } from "vitest";
import { createRecorder } from "../../trace";
import { memoryEngine } from "../../retrieval/testing/libsql-engine";
import { type Spec, specPorts } from "../../retrieval/testing/spec-ports";
import { runFgtr } from "./run-fgtr";

// A small club no rule was written for: members (one of them named March Eve), their gym visits
// dated as ISO text, and the club's stage shows with premieres written "Mon d yyyy" and seasons
// as year numbers. Every expected answer is computed here by SQL over the same rows.

const engines: Array<{ close(): void }> = [];
afterEach(() => engines.splice(0).forEach((e) => e.close()));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

function clubSpecs(): Spec[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const firsts = ["March", "Olga", "Tariq", "Ines", "Bruno", "Keiko", "Amara", "Lev", "Rosa", "Omar", "Hana", "Piet"];
  const lasts = [
    "Eve",
    "Novak",
    "Haddad",
    "Lund",
    "Costa",
    "Mori",
    "Okafor",
    "Petrov",
    "Silva",
    "Aziz",
    "Kim",
    "Visser",
  ];
  const members = firsts.map((f, i) => ({ member_id: i + 1, first_name: f, last_name: lasts[i], city: "Leeds" }));
  const visits = Array.from({ length: 90 }, (_, i) => {
    const month = 1 + next(6);
    return {
      visit_id: i + 1,
      member_id: 1 + next(12),
      visit_day: `2011-${pad(month)}-${pad(1 + next(28))}`,
      room: 1 + next(10),
      fee: 5 + next(20),
    };
  });
  const shows = Array.from({ length: 40 }, (_, i) => ({
    show_id: i + 1,
    title: `Show ${i + 1}`,
    premiere: `${MONTHS[next(12)]} ${1 + next(28)} ${1975 + next(40)}`,
    season: 2006 + next(14),
  }));
  return [
    {
      name: "members",
      columns: [
        ["member_id", "integer", true],
        ["first_name", "text"],
        ["last_name", "text"],
        ["city", "text"],
      ],
      rows: members,
    },
    {
      name: "visits",
      columns: [
        ["visit_id", "integer", true],
        ["member_id", "integer"],
        ["visit_day", "date"],
        ["room", "integer"],
        ["fee", "real"],
      ],
      rows: visits,
      fks: [{ columns: ["member_id"], refTable: "members", refColumns: ["member_id"] }],
    },
    {
      name: "shows",
      columns: [
        ["show_id", "integer", true],
        ["title", "text"],
        ["premiere", "text"],
        ["season", "integer"],
      ],
      rows: shows,
    },
  ];
}

async function club() {
  const engine = memoryEngine();
  engines.push(engine);
  const ports = await specPorts(engine, clubSpecs());
  const one = (sql: string) => engine.rows(sql)[0][0];
  const ask = async (q: string) => (await runFgtr(q, {}, ports, createRecorder())).answer;
  return { engine, one, ask };
}

describe("time expressions and grouped counts on a database no rule was written for", () => {
  it("reads a month of ISO text dates, and 'March' as the month, not the member named March", async () => {
    const { one, ask } = await club();
    const answer = await ask("How many visits were there in March 2011?");
    expect(answer.values).toEqual([one("SELECT count(*) FROM visits WHERE visit_day LIKE '2011-03%'")]);
    expect(answer.sql).not.toContain("first_name");
  });

  it("reads a decade of dates written 'Mon d yyyy' through their ISO form", async () => {
    const { engine, one, ask } = await club();
    const answer = await ask("How many shows premiered in the 1990s?");
    const rows = engine.rows("SELECT premiere FROM shows").map((r) => String(r[0]));
    const inNineties = rows.filter((p) => /199\d$/.test(p)).length;
    expect(answer.values).toEqual([inNineties]);
    expect(one("SELECT count(*) FROM shows")).toBe(40);
  });

  it("reads a range of years on a column of year numbers, both ends included", async () => {
    const { one, ask } = await club();
    const answer = await ask("How many shows ran in seasons between 2009 and 2012?");
    expect(answer.values).toEqual([one("SELECT count(*) FROM shows WHERE season BETWEEN 2009 AND 2012")]);
  });

  it("reads a month with no year as a date part", async () => {
    const { one, ask } = await club();
    const answer = await ask("How many visits were made in May?");
    expect(answer.values).toEqual([one("SELECT count(*) FROM visits WHERE strftime('%m', visit_day) = '05'")]);
  });

  it("groups by the month a question asks for", async () => {
    const { engine, ask } = await club();
    const answer = await ask("Which month had the most visits?");
    const top = engine.rows(
      "SELECT CAST(strftime('%m', visit_day) AS INTEGER) m, count(*) c FROM visits GROUP BY m ORDER BY c DESC",
    );
    const best = top.filter((r) => r[1] === top[0][1]).map((r) => r[0]);
    expect(best).toContain(answer.values[0]);
  });

  it("reads a relative period against the data's last date, not the clock", async () => {
    const { one, ask } = await club();
    const answer = await ask("How many visits were there in the last 2 months?");
    const last = String(one("SELECT max(visit_day) FROM visits"));
    const expected = one(
      `SELECT count(*) FROM visits WHERE visit_day > date('${last}', '-2 months') AND visit_day <= '${last}'`,
    );
    expect(answer.values).toEqual([expected]);
  });

  it("counts the members who pass a count condition ('visited at least 10 times')", async () => {
    const { one, ask } = await club();
    const answer = await ask("How many members visited at least 10 times?");
    expect(answer.values).toEqual([
      one("SELECT count(*) FROM (SELECT member_id FROM visits GROUP BY member_id HAVING count(*) >= 10)"),
    ]);
  });

  it("reads 'rooms 3 through 7' as a range with both ends", async () => {
    const { one, ask } = await club();
    const answer = await ask("How many visits were in rooms 3 through 7?");
    expect(answer.values).toEqual([one("SELECT count(*) FROM visits WHERE room BETWEEN 3 AND 7")]);
  });

  it("takes the difference of two periods' counts", async () => {
    const { one, ask } = await club();
    const answer = await ask("How many more visits were there in April 2011 than in February 2011?");
    const april = Number(one("SELECT count(*) FROM visits WHERE visit_day LIKE '2011-04%'"));
    const february = Number(one("SELECT count(*) FROM visits WHERE visit_day LIKE '2011-02%'"));
    expect(answer.values).toEqual([Math.abs(april - february)]);
  });
});
