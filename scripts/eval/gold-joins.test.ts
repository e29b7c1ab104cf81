import { describe, expect, it } from "vitest";
import { splitSetOperations, sqlJoinPairs } from "./gold-joins.mts";

const schema = new Map([
  ["singer", new Set(["singer_id", "name"])],
  ["song", new Set(["song_id", "singer_id", "title"])],
  ["concert", new Set(["concert_id", "stadium_id"])],
  ["stadium", new Set(["stadium_id", "capacity"])],
]);

describe("gold join pairs", () => {
  it("resolves aliases in ON clauses, WHERE joins and subqueries", () => {
    expect([
      ...sqlJoinPairs(
        "SELECT T1.name FROM singer AS T1 JOIN song AS T2 ON T1.singer_id = T2.singer_id WHERE T2.title = 'x'",
        schema,
      )!,
    ]).toEqual(["singer.singer_id|song.singer_id"]);
    expect([
      ...sqlJoinPairs(
        "SELECT * FROM concert, stadium WHERE concert.stadium_id = stadium.stadium_id AND capacity > 5",
        schema,
      )!,
    ]).toEqual(["concert.stadium_id|stadium.stadium_id"]);
    const nested = sqlJoinPairs(
      "SELECT name FROM singer WHERE singer_id IN (SELECT T1.singer_id FROM song AS T1 JOIN singer AS T2 ON " +
        "T1.singer_id = T2.singer_id)",
      schema,
    )!;
    expect([...nested]).toEqual(["singer.singer_id|song.singer_id"]);
  });

  it("resolves an unqualified column when one table in scope has it, and skips ambiguous ones", () => {
    expect([...sqlJoinPairs("SELECT * FROM concert JOIN stadium ON concert.stadium_id = capacity", schema)!]).toEqual([
      "concert.stadium_id|stadium.capacity",
    ]);
    expect([...sqlJoinPairs("SELECT * FROM song JOIN singer ON song.song_id = singer_id", schema)!]).toEqual([]);
  });

  it("splits INTERSECT and EXCEPT at the top level only", () => {
    expect(
      splitSetOperations(
        "SELECT a FROM t WHERE x = 'except me' INTERSECT SELECT a FROM (SELECT a FROM u EXCEPT SELECT a FROM v)",
      ),
    ).toEqual(["SELECT a FROM t WHERE x = 'except me'", "SELECT a FROM (SELECT a FROM u EXCEPT SELECT a FROM v)"]);
    expect(
      sqlJoinPairs(
        "SELECT name FROM singer EXCEPT SELECT T1.name FROM singer AS T1 JOIN song AS T2 ON T1.singer_id = " +
          "T2.singer_id",
        schema,
      )!.size,
    ).toBe(1);
    expect(sqlJoinPairs("SELEKT nonsense", schema)).toBeNull();
  });
});
