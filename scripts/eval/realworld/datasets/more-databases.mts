// Relational databases added with issue 37 (views and bridge tables): Microsoft's pubs (a T-SQL
// install script), dbt's jaffle_shop (seed CSVs and Jinja SQL models, the models as views), the
// Nobel laureates (JSON records, prizes shared through a bridge table), and Oracle's Order Entry
// (SQL*Plus scripts with object types; views, and stock as a warehouse ↔ product bridge).
import { readFileSync } from "node:fs";
import { dbtProject } from "../convert/dbt.mts";
import { writeSqlite } from "../convert/sqlite-write.mts";
import { tablesOfTsqlScript } from "../convert/tsql.mts";
import type { DatasetRecipe } from "./index.mts";
import { buildNobel } from "./nobel.mts";
import { buildOrderEntry } from "./order-entry.mts";

export const MORE_DATABASES: DatasetRecipe[] = [
  {
    name: "pubs",
    kind: "sqlite",
    sources: ["pubs"],
    build: (f, out) => {
      // The publishers' logos are GIF bytes written as 0x… hex: no question reads them.
      const { tables, views } = tablesOfTsqlScript(readFileSync(f.pubs["instpubs.sql"], "utf8"), {
        drop: ["pub_info.logo"],
      });
      writeSqlite(out, tables, views);
    },
  },
  {
    name: "jaffle_shop",
    kind: "sqlite",
    sources: ["jaffle-shop"],
    build: (f, out) => {
      const j = f["jaffle-shop"];
      // Keys from the project's tests: ids unique and not null, orders.customer_id related to customers.
      const { tables, views } = dbtProject(
        [
          { name: "raw_customers", file: j["seeds/raw_customers.csv"], primaryKey: ["id"] },
          {
            name: "raw_orders",
            file: j["seeds/raw_orders.csv"],
            primaryKey: ["id"],
            foreignKeys: [{ columns: ["user_id"], table: "raw_customers", refColumns: ["id"] }],
          },
          {
            name: "raw_payments",
            file: j["seeds/raw_payments.csv"],
            primaryKey: ["id"],
            foreignKeys: [{ columns: ["order_id"], table: "raw_orders", refColumns: ["id"] }],
          },
        ],
        ["staging/stg_customers", "staging/stg_orders", "staging/stg_payments", "customers", "orders"].map((m) => ({
          name: m.replace(/^staging\//, ""),
          file: j[`models/${m}.sql`],
        })),
      );
      writeSqlite(out, tables, views);
    },
  },
  {
    name: "nobel",
    kind: "sqlite",
    sources: ["nobel-laureates"],
    build: (f, out) => buildNobel(f["nobel-laureates"], out),
  },
  {
    name: "order_entry",
    kind: "sqlite",
    sources: ["oracle-order-entry"],
    build: (f, out) => buildOrderEntry(f["oracle-order-entry"], out),
  },
];
