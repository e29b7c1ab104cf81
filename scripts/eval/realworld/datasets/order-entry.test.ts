import Database from "libsql";
import { describe, expect, it } from "vitest";
import { ORDER_ENTRY_VIEWS, orderEntryViews, withIncludes } from "./order-entry.mts";

describe("Oracle Order Entry", () => {
  it("puts the scripts an installer script runs in place, and leaves out the ones with no data", () => {
    const scripts: Record<string, string> = {
      "order_entry/coe_v3.sql": [
        "CREATE TYPE t AS VARRAY(5) OF VARCHAR2(25);",
        "DEFINE vscript = __SUB__CWD__/order_entry/ccus_&vrs",
        "@&vscript",
        "@__SUB__CWD__/order_entry/coe_xml.sql &pwd_oe &pass_sys",
        "@__SUB__CWD__/order_entry/oe_p_pd",
      ].join("\n"),
      "order_entry/ccus_v3.sql": "CREATE TABLE customers (customer_id NUMBER(6));",
      "order_entry/oe_p_pd.sql": "@@oe_p_us\n@@oe_p_ja",
      "order_entry/oe_p_us.sql": "INSERT US;",
      "order_entry/oe_p_ja.sql": "INSERT JA;",
    };
    const read = (f: string) => {
      if (!(f in scripts)) throw new Error(`read ${f}`);
      return scripts[f];
    };
    expect(withIncludes("order_entry/coe_v3.sql", read).split("\n")).toEqual([
      "CREATE TYPE t AS VARRAY(5) OF VARCHAR2(25);",
      "DEFINE vscript = __SUB__CWD__/order_entry/ccus_&vrs",
      "CREATE TABLE customers (customer_id NUMBER(6));",
      "",
      "INSERT US;",
      "INSERT JA;",
    ]);
    expect(() => withIncludes("order_entry/loe_v3.sql", read)).toThrow(/loe_v3/);
  });

  it("keeps the views SQLite can hold, translated where Oracle's text cannot run, and names one missing", () => {
    const source = ["products", "sydney_inventory", "product_prices", "account_managers", "customers_view"]
      .concat("orders_view")
      .map((name) => ({ name, select: `SELECT '${name}' AS oracle_text` }));
    const views = orderEntryViews(source);
    expect(views.map((v) => v.name)).toEqual(["products", "sydney_inventory", "product_prices", "orders_view"]);
    expect(views.find((v) => v.name === "products")?.select).toBe(ORDER_ENTRY_VIEWS.products.select);
    expect(views.find((v) => v.name === "sydney_inventory")?.select).toBe("SELECT 'sydney_inventory' AS oracle_text");
    expect(() => orderEntryViews(source.filter((v) => v.name !== "customers_view"))).toThrow(/customers_view/);
  });

  it("gives the translated views the rows their Oracle text defines in an American session", () => {
    const db = new Database(":memory:");
    db.exec(`
      CREATE TABLE product_information (product_id INTEGER, product_name TEXT, product_description TEXT,
        category_id INTEGER, weight_class INTEGER, warranty_period TEXT, supplier_id INTEGER,
        product_status TEXT, list_price REAL, min_price REAL, catalog_url TEXT);
      CREATE TABLE product_descriptions (product_id INTEGER, language_id TEXT, translated_name TEXT,
        translated_description TEXT);
      CREATE TABLE orders (order_id INTEGER, order_date TEXT, order_mode TEXT, customer_id INTEGER,
        order_status INTEGER, order_total REAL, sales_rep_id INTEGER, promotion_id INTEGER);
      INSERT INTO product_information VALUES (1, 'Mouse', 'A mouse', 11, 1, '+00-06', 7, 'orderable', 9, 8, NULL),
        (2, 'Pad', 'A pad', 11, 1, '+00-00', 7, 'obsolete', 2, 1, NULL);
      INSERT INTO product_descriptions VALUES (1, 'US', 'Mouse /US', 'A mouse, US'), (1, 'JA', 'マウス', '…');
      INSERT INTO orders VALUES (10, '2007-08-16 14:34:12.234359', 'direct', 1, 4, 100, 153, NULL),
        (11, '2006-01-08 00:19:44.5', 'online', 1, 1, 50, NULL, 1),
        (12, '2006-01-09 12:00:00.1', 'online', 1, 1, 50, NULL, 1);`);
    for (const [name, t] of Object.entries(ORDER_ENTRY_VIEWS)) db.exec(`CREATE VIEW ${name} AS ${t.select}`);
    const rows = (sql: string) => db.prepare(sql).raw(true).all();
    expect(rows("SELECT product_id, language_id, product_name, product_description FROM products ORDER BY 1")).toEqual([
      [1, "US", "Mouse /US", "A mouse, US"],
      [2, null, "Pad", "A pad"],
    ]);
    // to_char(…, 'HH') is the 12-hour clock without AM/PM: 14:34 reads back as 02:34, 00:19 and 12:00 as 00.
    expect(rows("SELECT order_id, order_date FROM orders_view ORDER BY 1")).toEqual([
      [10, "2007-08-16 02:34:12"],
      [11, "2006-01-08 00:19:44"],
      [12, "2006-01-09 00:00:00"],
    ]);
    db.close();
  });
});
