// Oracle's Customer Orders sample schema (CO): a clothing retailer's customers, stores, products,
// orders, order lines, shipments and store inventory, with the schema's four views. Three of the
// views use what SQLite lacks (LISTAGG, GROUPING SETS, JSON_TABLE); each is rewritten here to give
// the same rows and columns, and the fourth keeps its text as the DDL writes it.
import { readFileSync } from "node:fs";
import { type ViewTranslation, viewsInSqlite } from "../convert/ddl.mts";
import { tablesOfOracleScripts } from "../convert/oracle.mts";
import { writeSqlite } from "../convert/sqlite-write.mts";

/** The CO views whose Oracle text SQLite cannot run, in SQLite's dialect. */
export const CUSTOMER_ORDERS_VIEWS: Record<string, ViewTranslation> = {
  customer_order_products: {
    why:
      "LISTAGG … WITHIN GROUP (ORDER BY line_item_id) becomes group_concat over the order's lines in " +
      "line order (no order reaches LISTAGG's 4,000-byte overflow)",
    select: `SELECT o.order_id, o.order_tms, o.order_status,
       c.customer_id, c.email_address, c.full_name,
       SUM ( oi.quantity * oi.unit_price ) order_total,
       ( SELECT group_concat ( l.product_name, ', ' )
         FROM   ( SELECT p2.product_name
                  FROM   order_items oi2
                  JOIN   products p2
                  ON     oi2.product_id = p2.product_id
                  WHERE  oi2.order_id = o.order_id
                  ORDER  BY oi2.line_item_id ) l ) items
FROM   orders o
JOIN   order_items oi
ON     o.order_id = oi.order_id
JOIN   customers c
ON     o.customer_id = c.customer_id
JOIN   products p
ON     oi.product_id = p.product_id
GROUP  BY o.order_id, o.order_tms, o.order_status,
       c.customer_id, c.email_address, c.full_name`,
  },
  store_orders: {
    why:
      "GROUPING SETS with grouping_id becomes a UNION ALL of the four groupings, labelled as the " +
      "CASE on grouping_id labels them (NULL for a store and status row)",
    select: `WITH lines AS (
  SELECT s.store_name,
         COALESCE ( s.web_address, s.physical_address ) address,
         s.latitude, s.longitude,
         o.order_status, o.order_id,
         oi.quantity * oi.unit_price amount
  FROM   stores s
  JOIN   orders o
  ON     s.store_id = o.store_id
  JOIN   order_items oi
  ON     o.order_id = oi.order_id
)
SELECT NULL total, store_name, address, latitude, longitude, order_status,
       COUNT ( DISTINCT order_id ) order_count, SUM ( amount ) total_sales
FROM   lines
GROUP  BY store_name, address, latitude, longitude, order_status
UNION ALL
SELECT 'STORE TOTAL', store_name, address, latitude, longitude, NULL,
       COUNT ( DISTINCT order_id ), SUM ( amount )
FROM   lines
GROUP  BY store_name, address, latitude, longitude
UNION ALL
SELECT 'STATUS TOTAL', NULL, NULL, NULL, NULL, order_status,
       COUNT ( DISTINCT order_id ), SUM ( amount )
FROM   lines
GROUP  BY order_status
UNION ALL
SELECT 'GRAND TOTAL', NULL, NULL, NULL, NULL, NULL,
       COUNT ( DISTINCT order_id ), SUM ( amount )
FROM   lines`,
  },
  product_reviews: {
    why:
      "JSON_TABLE with a NESTED PATH (an outer join: a product without reviews gives one row of " +
      "NULLs) becomes a LEFT JOIN on json_each over the same JSON",
    select: `SELECT p.product_name,
       json_extract ( r.value, '$.rating' ) rating,
       ROUND (
         AVG ( json_extract ( r.value, '$.rating' ) ) OVER (
           PARTITION BY p.product_name
         ),
         2
       ) avg_rating,
       json_extract ( r.value, '$.review' ) review
FROM   products p
LEFT   JOIN json_each ( p.product_details, '$.reviews' ) r
WHERE  p.product_details IS NOT NULL`,
  },
};

/** Builds the CO database from its create and populate scripts. */
export function buildCustomerOrders(files: Record<string, string>, out: string): void {
  const scripts = ["customer_orders/co_create.sql", "customer_orders/co_populate.sql"].map((f) =>
    readFileSync(files[f], "utf8"),
  );
  const { tables, views } = tablesOfOracleScripts(scripts);
  writeSqlite(out, tables, viewsInSqlite(views, CUSTOMER_ORDERS_VIEWS));
}
