import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { csvColumnType, recordsToCsv, referenceTable } from "./csv-files.mts";
import { parseCreateTable, sqliteType } from "./ddl.mts";
import { tablesOfDdlAndCsv, tablesOfMysqlDump } from "./dumps.mts";
import { parseInsert, splitStatements } from "./sql-text.mts";
import { writeSqlite } from "./sqlite-write.mts";

const dir = mkdtempSync(path.join(os.tmpdir(), "realworld-convert-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("reading dump text", () => {
  it("splits statements at semicolons outside quotes and drops comments", () => {
    const sql =
      "/*!40101 SET NAMES utf8 */;\n-- a comment; with a semicolon\nINSERT INTO t VALUES ('a;b', 'it\\'s');\nSELECT 1";
    expect(splitStatements(sql)).toEqual(["INSERT INTO t VALUES ('a;b', 'it\\'s')", "SELECT 1"]);
  });

  it("reads MySQL INSERT tuples: escapes, NULL, numbers as text, several rows", () => {
    const r = parseInsert(
      "insert  into `customers`(`id`,`name`,`note`,`limit`) values " +
        "(1,'O\\'Hara','line\\nbreak',NULL),(2,'Dr. ''X''','(a, b)','21000.00')",
    );
    expect(r).toEqual({
      table: "customers",
      columns: ["id", "name", "note", "limit"],
      rows: [
        ["1", "O'Hara", "line\nbreak", null],
        ["2", "Dr. 'X'", "(a, b)", "21000.00"],
      ],
    });
    expect(parseInsert("SELECT 1")).toBeNull();
  });
});

describe("CREATE TABLE", () => {
  it("reads a MySQL table: types, NOT NULL, composite primary key, foreign keys, skipping KEY lines", () => {
    const def = parseCreateTable(
      "CREATE TABLE `orderdetails` (\n `orderNumber` int(11) NOT NULL,\n `productCode` varchar(15) NOT NULL,\n" +
        " `priceEach` decimal(10,2) NOT NULL,\n PRIMARY KEY (`orderNumber`,`productCode`),\n" +
        " KEY `productCode` (`productCode`),\n" +
        " CONSTRAINT `od_1` FOREIGN KEY (`orderNumber`) REFERENCES `orders` (`orderNumber`)\n) ENGINE=InnoDB",
    );
    expect(def).toEqual({
      name: "orderdetails",
      columns: [
        { name: "orderNumber", type: "int(11)", notNull: true },
        { name: "productCode", type: "varchar(15)", notNull: true },
        { name: "priceEach", type: "decimal(10,2)", notNull: true },
      ],
      primaryKey: ["orderNumber", "productCode"],
      foreignKeys: [{ columns: ["orderNumber"], table: "orders", refColumns: ["orderNumber"] }],
    });
  });

  it("reads a PostgreSQL table: schema-qualified names, identity, CHECK, and a computed column's expression", () => {
    const def = parseCreateTable(
      'CREATE TABLE "SalesLT"."SalesOrderDetail" (\n "SalesOrderID" INT NOT NULL,\n' +
        ' "Id" INT NOT NULL GENERATED ALWAYS AS IDENTITY,\n "UnitPrice" MONEY NOT NULL,\n' +
        ' "OrderQty" SMALLINT NOT NULL,\n' +
        ' "LineTotal" MONEY GENERATED ALWAYS AS ("UnitPrice" * CAST("OrderQty" AS DECIMAL(18, 2))) STORED,\n' +
        ' CONSTRAINT "CK_Qty" CHECK ("OrderQty" > 0),\n CONSTRAINT "PK_SOD" PRIMARY KEY ("SalesOrderID", "Id"),\n' +
        ' CONSTRAINT "FK_SOD_SOH" FOREIGN KEY("SalesOrderID") REFERENCES "SalesLT"."SalesOrderHeader"("SalesOrderID")' +
        " ON DELETE NO ACTION\n)",
    )!;
    expect(def.name).toBe("SalesOrderDetail");
    expect(def.columns.map((c) => c.name)).toEqual(["SalesOrderID", "Id", "UnitPrice", "OrderQty", "LineTotal"]);
    expect(def.columns.find((c) => c.name === "Id")?.generated).toBeUndefined();
    expect(def.columns.find((c) => c.name === "LineTotal")?.generated).toBe(
      '"UnitPrice" * CAST("OrderQty" AS DECIMAL(18, 2))',
    );
    expect(def.primaryKey).toEqual(["SalesOrderID", "Id"]);
    expect(def.foreignKeys).toEqual([
      { columns: ["SalesOrderID"], table: "SalesOrderHeader", refColumns: ["SalesOrderID"] },
    ]);
  });

  it("maps source types to SQLite types", () => {
    expect(["int(11)", "SMALLINT", "tinyint(1)", "BOOLEAN", "integer"].map(sqliteType)).toEqual(
      Array(5).fill("INTEGER"),
    );
    expect(["decimal(10,2)", "MONEY", "double", "NUMERIC(38, 6)", "real"].map(sqliteType)).toEqual(
      Array(5).fill("REAL"),
    );
    expect(["varchar(50)", "date", "TIMESTAMP", "UUID", "text"].map(sqliteType)).toEqual(Array(5).fill("TEXT"));
    expect(["mediumblob", "BYTEA"].map(sqliteType)).toEqual(["BLOB", "BLOB"]);
  });
});

const open = (file: string) => new Database(file, { readonly: true });

describe("dumps to SQLite", () => {
  const dump =
    "CREATE TABLE `customers` (`id` int NOT NULL, `name` varchar(9), `limit` decimal(10,2), `rep` int,\n" +
    " PRIMARY KEY (`id`), CONSTRAINT `c1` FOREIGN KEY (`rep`) REFERENCES `employees` (`id`));\n" +
    "INSERT INTO `customers` (`id`,`name`,`limit`,`rep`) VALUES (1,'Norway  ','21000.00',7),(2,'x','',NULL);\n" +
    "CREATE TABLE `employees` (`id` int NOT NULL, `name` varchar(9), PRIMARY KEY (`id`));\n" +
    "INSERT INTO `employees` VALUES (7,'Ann');";

  it("keeps keys, stores numbers by the column's type, text as written, and an empty number as NULL", () => {
    const file = path.join(dir, "dump.sqlite");
    writeSqlite(file, tablesOfMysqlDump(dump));
    const db = open(file);
    expect(
      db.prepare('SELECT id, name, "limit", typeof("limit"), rep FROM customers ORDER BY id').raw(true).all(),
    ).toEqual([
      [1, "Norway  ", 21000, "real", 7],
      [2, "x", null, "null", null],
    ]);
    const fk = db.prepare("PRAGMA foreign_key_list(customers)").all() as Array<{ table: string; from: string }>;
    expect(fk.map((f) => [f.table, f.from])).toEqual([["employees", "rep"]]);
    const pk = (db.prepare("PRAGMA table_info(customers)").all() as Array<{ name: string; pk: number }>).filter(
      (c) => c.pk,
    );
    expect(pk.map((c) => c.name)).toEqual(["id"]);
    db.close();
  });

  it("refuses data whose foreign keys point at no row", () => {
    const broken = dump.replace("(7,'Ann')", "(8,'Ann')");
    expect(() => writeSqlite(path.join(dir, "broken.sqlite"), tablesOfMysqlDump(broken))).toThrow(/foreign key/);
  });

  it("fills DDL tables from CSV files: the NULL word, dropped columns, computed columns", () => {
    const ddl =
      'CREATE TABLE "S"."Line" ("Id" INT NOT NULL, "Qty" SMALLINT, "Price" MONEY, "Photo" BYTEA,\n' +
      ' "Total" MONEY GENERATED ALWAYS AS ("Price" * "Qty") STORED, CONSTRAINT "PK" PRIMARY KEY ("Id"));\n' +
      "COMMENT ON TABLE \"S\".\"Line\" IS 'it''s a line';";
    const csv = path.join(dir, "S.Line.csv");
    writeFileSync(csv, "\uFEFFId,Qty,Price,Photo\n1,2,3.5,0x4749\n2,NULL,4,NULL\n");
    const file = path.join(dir, "ddl.sqlite");
    writeSqlite(
      file,
      tablesOfDdlAndCsv(ddl, () => csv, { nullWord: "NULL", drop: ["Line.Photo"] }),
    );
    const db = open(file);
    const cols = (db.prepare("PRAGMA table_info(Line)").all() as Array<{ name: string }>).map((c) => c.name);
    expect(cols).toEqual(["Id", "Qty", "Price", "Total"]);
    expect(db.prepare("SELECT Id, Qty, Price, Total FROM Line ORDER BY Id").raw(true).all()).toEqual([
      [1, 2, 3.5, 7],
      [2, null, 4, null],
    ]);
    db.close();
  });
});

describe("a database cut from DDL and CSV files", () => {
  const ddl =
    "CREATE TABLE teams(team_id TEXT NOT NULL, team_name TEXT, PRIMARY KEY (team_id));\n" +
    "CREATE TABLE players(player_id TEXT NOT NULL, team_id TEXT, PRIMARY KEY (player_id),\n" +
    "  FOREIGN KEY (team_id) REFERENCES teams (team_id));\n" +
    "CREATE TABLE goals(goal_id TEXT NOT NULL, player_id TEXT, PRIMARY KEY (goal_id),\n" +
    "  FOREIGN KEY (player_id) REFERENCES players (player_id));";
  const teams = path.join(dir, "teams.csv");
  const players = path.join(dir, "players.csv");
  writeFileSync(teams, "key_id,team_id,team_name\n1,T-1,Brazil\n");
  writeFileSync(players, "key_id,player_id,team_id,team_name\n1,P-1,T-1,Brazil\n");
  const csvFor = (t: string) => ({ teams, players })[t as "teams"] ?? null;

  it("keeps only the listed tables and the DDL's columns, leaving out the names a CSV repeats", () => {
    const tables = tablesOfDdlAndCsv(ddl, csvFor, { only: ["teams", "players"], dropUndeclared: true });
    expect(tables.map((t) => [t.def.name, t.columns, t.rows])).toEqual([
      ["teams", ["team_id", "team_name"], [["T-1", "Brazil"]]],
      ["players", ["player_id", "team_id"], [["P-1", "T-1"]]],
    ]);
    expect(() => tablesOfDdlAndCsv(ddl, csvFor, { only: ["teams", "players"] })).toThrow(/key_id/);
  });

  it("refuses a cut that would lose a declared key", () => {
    expect(() => tablesOfDdlAndCsv(ddl, csvFor, { only: ["players"], dropUndeclared: true })).toThrow(
      /players has a foreign key to teams/,
    );
  });
});

describe("CSV sets", () => {
  it("writes JSON records as CSV: keys in first-seen order, null as an empty cell, quoting commas", () => {
    const csv = recordsToCsv([
      { Title: "First Love, Last Rites", Gross: 10876, Director: null },
      { Title: "Up", Gross: 1.5, Rating: "PG" },
    ]);
    expect(csv).toBe('Title,Gross,Director,Rating\n"First Love, Last Rites",10876,,\nUp,1.5,,PG\n');
  });

  it("types reference columns by their cells; a missing-number word is NULL only in a numeric column", () => {
    expect(csvColumnType(["1", "2", ""])).toBe("INTEGER");
    expect(csvColumnType(["1.5", "NaN", "2"])).toBe("REAL");
    expect(csvColumnType(["NA", "CA", "TX"])).toBe("TEXT");
    const file = path.join(dir, "seattle-weather.csv");
    writeFileSync(file, "state,mass,when\nNA,NaN,2012-01-01\nTX,3750,\n");
    const t = referenceTable(file);
    expect(t.def.name).toBe("seattle-weather");
    expect(t.def.columns.map((c) => c.type)).toEqual(["TEXT", "INTEGER", "TEXT"]);
    expect(t.rows).toEqual([
      ["NA", null, "2012-01-01"],
      ["TX", 3750, null],
    ]);
  });
});
