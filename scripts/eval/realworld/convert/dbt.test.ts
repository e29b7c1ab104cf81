import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { dbtProject, renderDbtSql } from "./dbt.mts";
import { writeSqlite } from "./sqlite-write.mts";

const dir = mkdtempSync(path.join(os.tmpdir(), "realworld-dbt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

// A model in jaffle_shop's style: a comment, a set list, a loop with whitespace control, refs.
const ORDERS_MODEL = `{% set methods = ['card', 'coupon'] %}
with payments as (
    {#- seeds stand in for source tables here #}
    select * from {{ ref('stg_payments') }}
)
select
    order_id,
    {% for m in methods -%}
    sum(case when method = '{{ m }}' then amount else 0 end) as {{ m }}_amount,
    {% endfor -%}
    sum(amount) as total
from payments
group by order_id`;

describe("dbt projects", () => {
  it("renders a model's Jinja as dbt compile does: refs quoted, loops unrolled, comments gone", () => {
    const sql = renderDbtSql(ORDERS_MODEL);
    expect(sql).toContain('select * from "stg_payments"');
    expect(sql).toContain("sum(case when method = 'card' then amount else 0 end) as card_amount,");
    expect(sql).toContain("sum(case when method = 'coupon' then amount else 0 end) as coupon_amount,");
    expect(sql).not.toMatch(/{[{%#]/);
    expect(renderDbtSql("{{ config(materialized='table') }}select 1")).toBe("select 1");
  });

  it("fails on a Jinja name it does not know rather than writing nothing", () => {
    expect(() => renderDbtSql("select {{ var('start_date') }}")).toThrow();
    expect(() => renderDbtSql("select {{ undefined_thing }}")).toThrow();
  });

  it("makes seeds tables with the declared keys and models views that run", () => {
    const customers = write("raw_customers.csv", "id,first_name\n1,Ann\n2,Bo\n");
    const payments = write(
      "raw_payments.csv",
      "id,order_id,method,amount\n1,10,card,1000\n2,10,coupon,250\n3,11,card,99\n",
    );
    const stg = write(
      "stg_payments.sql",
      "select id as payment_id, order_id, method, amount / 100.0 as amount from {{ ref('raw_payments') }}",
    );
    const orders = write("orders.sql", ORDERS_MODEL);
    const { tables, views } = dbtProject(
      [
        { name: "raw_customers", file: customers, primaryKey: ["id"] },
        { name: "raw_payments", file: payments, primaryKey: ["id"] },
      ],
      [
        { name: "stg_payments", file: stg },
        { name: "orders", file: orders },
      ],
    );
    expect(tables[1].def.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      "id INTEGER",
      "order_id INTEGER",
      "method TEXT",
      "amount INTEGER",
    ]);
    const file = path.join(dir, "shop.sqlite");
    writeSqlite(file, tables, views);
    const db = new Database(file, { readonly: true });
    try {
      expect(
        db.prepare("SELECT order_id, card_amount, coupon_amount, total FROM orders ORDER BY order_id").all(),
      ).toEqual([
        { order_id: 10, card_amount: 10, coupon_amount: 2.5, total: 12.5 },
        { order_id: 11, card_amount: 0.99, coupon_amount: 0, total: 0.99 },
      ]);
      const kinds = db
        .prepare("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name")
        .all();
      expect(kinds).toEqual([
        { type: "view", name: "orders" },
        { type: "table", name: "raw_customers" },
        { type: "table", name: "raw_payments" },
        { type: "view", name: "stg_payments" },
      ]);
    } finally {
      db.close();
    }
  });
});
