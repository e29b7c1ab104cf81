import { describe, expect, it } from "vitest";
import { joinContinuedLines, sqlplusStatements, tablesOfOracleScripts } from "./oracle.mts";
import { oracleDateText, unistrText, yearMonthInterval } from "./oracle-values.mts";

// The shapes of Oracle's Order Entry scripts: object and VARRAY types, INSERTs without a column list,
// lines continued with a hyphen, ALTER TABLE … ADD ( … ), UPDATEs that fill added columns, and a trigger.
const CREATE = `CREATE TYPE address_typ
  OID '82A4AF6A4CD1656DE034080020E0EE3D'
  AS OBJECT
    ( street     VARCHAR2(40)
    , city       VARCHAR2(30)
    , country_id CHAR(2)
    );
/
CREATE TYPE phone_list_typ AS VARRAY(5) OF VARCHAR2(25);
/
CREATE TABLE clients
    ( client_id   NUMBER(6)
    , name        VARCHAR2(20) CONSTRAINT client_name_nn NOT NULL
    , address     address_typ
    , phones      phone_list_typ
    , rep_id      NUMBER(6)
    , geo         MDSYS.SDO_GEOMETRY
    ) ;
ALTER TABLE clients
ADD ( CONSTRAINT clients_pk
      PRIMARY KEY (client_id)
    ) ;
CREATE TABLE parts
    ( part_id   NUMBER(6)
    , note      NVARCHAR2(200)
    , warranty  INTERVAL YEAR TO MONTH
    , placed    TIMESTAMP WITH LOCAL TIME ZONE
    , spec      SYS.XMLTYPE
    ) ;
CREATE OR REPLACE TRIGGER number_parts
  BEFORE INSERT ON parts
  FOR EACH ROW
  DECLARE
    n number;
  BEGIN
    n := :new.part_id;
    :new.part_id := n;
  END;
/
`;

const POPULATE = `set define off
INSERT INTO clients VALUES
    (1,'Ann',address_typ
    ('1 High St','Leeds','GB'),PHONE_LIST_TYP
    ('+44 1', '+44 2'),149,
    MDSYS.SDO_GEOMETRY(2001, 8307, MDSYS.SDO_POINT_TYPE (-1.5, 53.8,NULL), NULL,NULL));
INSERT INTO clients VALUES (2,'Bo',address_typ('','Paris','FR'),phone_list_typ('+33 1'),149,NULL);
INSERT INTO parts VALUES (7-
, UNISTR(-
'LCD\\30e2 flat,-
high-resolution'-
), to_yminterval('+01-06')-
, TO_TIMESTAMP('16-AUG-07 02.34.12.234359 PM','DD-MON-RR HH.MI.SS.FF AM','NLS_DATE_LANGUAGE=American')-
, NULL);
UPDATE parts SET spec = sys.xmltype.createxml('<W><Area>25000</Area></W>') WHERE part_id = 7;
ALTER TABLE clients ADD (date_of_birth DATE, gender VARCHAR2(1));
UPDATE clients c
SET
c.date_of_birth    = '20-FEB-72'
, c.gender           = 'F'
WHERE c.client_id = 1;
UPDATE clients c SET rep_id = 147
 WHERE c.address.country_id IN ('FR','DE') and c.address.city='Paris';
`;

describe("Oracle object-relational scripts", () => {
  it("joins a line ending in a hyphen to the next one, but not a comment or a SQL*Plus line", () => {
    expect(joinContinuedLines("VALUES (1-\n, 'a-\nb')")).toBe("VALUES (1 , 'a b')");
    expect(joinContinuedLines("rem ----------\nINSERT x")).toBe("rem ----------\nINSERT x");
    expect(joinContinuedLines("-- note -\nINSERT x")).toBe("-- note -\nINSERT x");
  });

  it("skips a stored program's body to its slash", () => {
    const stmts = sqlplusStatements(CREATE);
    expect(stmts.some((s) => /trigger|:=/i.test(s))).toBe(false);
    expect(stmts.map((s) => s.split(/\s+/).slice(0, 2).join(" "))).toEqual([
      "CREATE TYPE",
      "CREATE TYPE",
      "CREATE TABLE",
      "ALTER TABLE",
      "CREATE TABLE",
    ]);
  });

  it("spreads an object column over its attributes, joins a VARRAY's values, and reads '' as NULL", () => {
    const { tables } = tablesOfOracleScripts([CREATE, POPULATE]);
    const clients = tables.find((t) => t.def.name === "clients")!;
    expect(clients.def.columns.map((c) => c.name)).toEqual([
      "client_id",
      "name",
      "street",
      "city",
      "country_id",
      "phones",
      "rep_id",
      "geo",
      "date_of_birth",
      "gender",
    ]);
    expect(clients.def.primaryKey).toEqual(["client_id"]);
    expect(clients.rows).toEqual([
      ["1", "Ann", "1 High St", "Leeds", "GB", "+44 1, +44 2", "149", expect.any(String), "1972-02-20", "F"],
      ["2", "Bo", null, "Paris", "FR", "+33 1", "147", null, null, null],
    ]);
    // An undeclared system type (a spatial point) is kept as the JSON of its arguments, for a cut to drop.
    expect(JSON.parse(clients.rows[0][7] as string)).toEqual(["2001", "8307", '["-1.5","53.8",null]', null, null]);
  });

  it("reads UNISTR, intervals, XMLTYPE and 12-hour RR timestamps as the scripts write them", () => {
    const { tables } = tablesOfOracleScripts([CREATE, POPULATE]);
    const parts = tables.find((t) => t.def.name === "parts")!;
    expect(parts.rows).toEqual([
      ["7", "LCD\u30e2 flat, high-resolution", "+01-06", "2007-08-16 14:34:12.234359", "<W><Area>25000</Area></W>"],
    ]);
    expect(oracleDateText("01-JAN-99 12.05.00.5 AM", "DD-MON-RR HH.MI.SS.FF AM")).toBe("1999-01-01 00:05:00.5");
    expect(oracleDateText("01-JAN-49 12.05.00 PM", "DD-MON-RR HH.MI.SS PM")).toBe("2049-01-01 12:05:00");
    expect(unistrText("a\\00e9\\\\b")).toBe("a\u00e9\\b");
    expect(["+20-0", "1-6", "-02-11"].map(yearMonthInterval)).toEqual(["+20-00", "+01-06", "-02-11"]);
  });

  it("refuses an UPDATE that matches no row or a condition it cannot read", () => {
    const none = `${POPULATE}\nUPDATE clients SET rep_id = 1 WHERE client_id = 99;`;
    expect(() => tablesOfOracleScripts([CREATE, none])).toThrow(/matches no row/);
    const or = `${POPULATE}\nUPDATE clients SET rep_id = 1 WHERE client_id = 1 OR client_id = 2;`;
    expect(() => tablesOfOracleScripts([CREATE, or])).toThrow(/AND/);
  });
});
