import { startTestPostgres, type TestPostgres } from "@/lib/server/testing/postgres-server";

/** The reader's password: odd characters on purpose, so URL encoding and scrubbing are both exercised. */
export const READER_PASSWORD = "Sw0rd-fish:@/%?#-41x";

/**
 * A real PostgreSQL with a small shop database: customers ← orders (declared keys and comments),
 * a view, a `sales` schema, a reader with SELECT rights and a user without any.
 */
export async function startShopPostgres(): Promise<TestPostgres & { readerUrl: (db?: string) => string }> {
  const server = await startTestPostgres();
  await server.query("CREATE DATABASE shop");
  const sql = (text: string) => server.query(text, [], "shop");
  await sql(`CREATE TABLE customers (id integer PRIMARY KEY, name text NOT NULL, city text)`);
  await sql(`COMMENT ON TABLE customers IS 'People who bought something'`);
  await sql(`COMMENT ON COLUMN customers.city IS 'Where they live'`);
  await sql(`CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer REFERENCES customers(id),
    amount numeric(10,2), placed date, status text)`);
  await sql(`INSERT INTO customers SELECT g, 'Customer ' || g, (ARRAY['Oslo','Lima','Pune'])[1 + g % 3]
    FROM generate_series(1, 250) g`);
  await sql(`UPDATE customers SET name = 'Alice Moreno', city = 'Oslo' WHERE id = 7`);
  await sql(`INSERT INTO orders SELECT g, 1 + (g * 7) % 250, (g % 90) + 10.5, DATE '2024-01-01' + g % 300,
    (ARRAY['shipped','pending','returned'])[1 + g % 3] FROM generate_series(1, 1200) g`);
  await sql(`CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 90`);
  await sql(`CREATE SCHEMA sales`);
  await sql(`CREATE TABLE sales.regions (code text PRIMARY KEY, label text)`);
  await sql(`INSERT INTO sales.regions VALUES ('N', 'North'), ('S', 'South')`);
  const pw = READER_PASSWORD.replace(/'/g, "''");
  await server.query(`CREATE ROLE reader LOGIN PASSWORD '${pw}'`);
  await server.query(`CREATE ROLE outsider LOGIN PASSWORD 'outsider-pw'`);
  await sql(`GRANT USAGE ON SCHEMA public, sales TO reader`);
  await sql(`GRANT SELECT ON ALL TABLES IN SCHEMA public, sales TO reader`);
  await sql(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC`);
  await sql(`ANALYZE`);
  const readerUrl = (db = "shop") => server.url({ user: "reader", password: READER_PASSWORD, database: db });
  return { ...server, readerUrl };
}
