// Oracle's Order Entry sample schema (OE, archived by Oracle in 2021): a hardware and software
// retailer's customers, orders, order lines, products (with descriptions in 30 languages),
// warehouses and their stock, and the schema's views. Read as its installer runs the scripts
// (oe_main.sql → coe_v3, loe_v3, poe_v3 and what they include), without the HR schema it points at.
import { readFileSync } from "node:fs";
import { type ViewDef, type ViewTranslation, viewsInSqlite } from "../convert/ddl.mts";
import { tablesOfOracleScripts } from "../convert/oracle.mts";
import { writeSqlite } from "../convert/sqlite-write.mts";

/** The installer's scripts that oe_main.sql runs for the OE tables, rows and views, in order. */
const ROOTS = ["order_entry/coe_v3.sql", "order_entry/loe_v3.sql", "order_entry/poe_v3.sql"];

/** Scripts the installer includes that hold nothing of the database's tables, rows or views. */
const NOT_READ: Record<string, string> = {
  "order_entry/coe_xml.sql": "XML DB set-up run as SYS (users, folders, resources)",
  "order_entry/cmnt_v3.sql": "COMMENT ON statements",
  "order_entry/cidx_v3.sql": "CREATE INDEX statements",
};

/** The HR schema's tables OE's keys point at; HR is Spider's hr_1, so it is not part of this database. */
const HR_TABLES = ["employees", "locations"];

/** Columns left out: Oracle Spatial points (MDSYS.SDO_GEOMETRY), which no SQLite type holds. */
const DROPPED = ["customers.cust_geo_location", "warehouses.wh_geo_location"];

/** Views of the scripts not kept, and why. */
export const ORDER_ENTRY_OMITTED_VIEWS: Record<string, string> = {
  account_managers: "reads HR's countries table (and ROLLUP over object attributes)",
  customers_view: "reads HR's countries table and a PL/SQL function over the phone VARRAY",
};

/** The OE views whose Oracle text SQLite cannot run, in SQLite's dialect. */
export const ORDER_ENTRY_VIEWS: Record<string, ViewTranslation> = {
  products: {
    why:
      "the (+) outer join becomes a LEFT JOIN; sys_context('USERENV','LANG') is the session's language, " +
      "'US' in the American session the installer opens; TRANSLATE … USING NCHAR_CS (a character set " +
      "conversion) is the value itself",
    select: `SELECT i.product_id
,      d.language_id
,      CASE WHEN d.language_id IS NOT NULL
            THEN d.translated_name
            ELSE i.product_name
       END    AS product_name
,      i.category_id
,      CASE WHEN d.language_id IS NOT NULL
            THEN d.translated_description
            ELSE i.product_description
       END    AS product_description
,      i.weight_class
,      i.warranty_period
,      i.supplier_id
,      i.product_status
,      i.list_price
,      i.min_price
,      i.catalog_url
FROM   product_information  i
LEFT   JOIN product_descriptions d
ON     d.product_id  = i.product_id
AND    d.language_id = 'US'`,
  },
  orders_view: {
    why:
      "to_date(to_char(order_date, 'DD-MON-YY HH:MI:SS'), 'DD-MON-YY HH:MI:SS') drops the fraction of a " +
      "second and, as HH is the 12-hour clock with no AM/PM, turns an afternoon hour into the morning " +
      "one (14:34 → 02:34); the same text operations on the ISO value",
    select: `SELECT order_id,
  substr(order_date, 1, 11) || printf('%02d', CAST(substr(order_date, 12, 2) AS INTEGER) % 12)
    || substr(order_date, 14, 6) AS order_date,
order_mode,
customer_id,
order_status,
order_total,
sales_rep_id,
promotion_id
FROM orders`,
  },
};

/**
 * A script with the scripts it runs put in place, as SQL*Plus does: `@path`, `@@name`, and
 * `DEFINE vscript = …/name_&vrs` followed by `@&vscript` (version 3 of the scripts).
 */
export function withIncludes(file: string, read: (file: string) => string): string {
  let vscript = "";
  return read(file)
    .split("\n")
    .map((line) => {
      const define = /^\s*define\s+vscript\s*=\s*__SUB__CWD__\/(\S+)_&vrs\s*$/i.exec(line);
      if (define) vscript = `${define[1]}_v3.sql`;
      const at = /^\s*@(?:&vscript|__SUB__CWD__\/(\S+?)(?:\.sql)?|@(\S+?)(?:\.sql)?)(?:\s|$)/i.exec(line);
      if (!at) return line;
      const target = line.includes("&vscript") ? vscript : at[1] ? `${at[1]}.sql` : `order_entry/${at[2]}.sql`;
      if (!target) throw new Error(`${file}: @&vscript before its DEFINE`);
      return target in NOT_READ ? "" : withIncludes(target, read);
    })
    .join("\n");
}

/** The OE views as SQLite holds them: the translations above, the others as written, the omitted left out. */
export function orderEntryViews(views: readonly ViewDef[]): ViewDef[] {
  for (const name of Object.keys(ORDER_ENTRY_OMITTED_VIEWS))
    if (!views.some((v) => v.name === name)) throw new Error(`OE defines no view ${name}`);
  const kept = views.filter((v) => !(v.name in ORDER_ENTRY_OMITTED_VIEWS));
  return viewsInSqlite(kept, ORDER_ENTRY_VIEWS);
}

/** Builds the OE database from the installer's scripts (`files`: path in the repository → local file). */
export function buildOrderEntry(files: Record<string, string>, out: string): void {
  const read = (f: string) => {
    if (!files[f]) throw new Error(`OE script ${f} is not in the manifest`);
    return readFileSync(files[f], "utf8");
  };
  const { tables, views } = tablesOfOracleScripts(ROOTS.map((r) => withIncludes(r, read)));
  for (const t of tables) {
    t.def.foreignKeys = t.def.foreignKeys.filter((fk) => !HR_TABLES.includes(fk.table.toLowerCase()));
    const keep = t.def.columns.map((c) => !DROPPED.includes(`${t.def.name.toLowerCase()}.${c.name.toLowerCase()}`));
    t.def.columns = t.def.columns.filter((_, k) => keep[k]);
    t.rows = t.rows.map((r) => r.filter((_, k) => keep[k]));
  }
  writeSqlite(out, tables, orderEntryViews(views));
}
