// Copies a SQLite database into a PostgreSQL database, for the pg-agreement evaluation: the same
// tables, column names and values; column types from SQLite's declared affinity when every value
// fits it (else text, as SQLite would hold them); declared primary and foreign keys where
// PostgreSQL accepts them.
import Database from "libsql";
import pg from "pg";

type Col = { name: string; type: string; pk: number };
const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

function affinity(declared: string): "integer" | "real" | "text" {
  const t = declared.toUpperCase();
  if (t.includes("INT")) return "integer";
  if (/CHAR|CLOB|TEXT|BLOB/.test(t) || t === "") return "text";
  return "real";
}

function pgType(declared: string, values: unknown[]): string {
  const want = affinity(declared);
  const present = values.filter((v) => v !== null);
  if (want === "integer" && present.every((v) => typeof v === "number" && Number.isInteger(v))) return "bigint";
  if (want !== "text" && present.every((v) => typeof v === "number")) return "double precision";
  return "text";
}

/** Loads `file` into the (new, empty) database at `url`; returns what could not be declared. */
export async function loadSqliteIntoPostgres(file: string, url: string): Promise<string[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const skipped: string[] = [];
  try {
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .raw(true)
        .all() as string[][]
    ).map((r) => r[0]);
    for (const t of tables) {
      const cols = db.prepare(`PRAGMA table_info(${q(t)})`).all() as Col[];
      const rows = db
        .prepare(`SELECT * FROM ${q(t)}`)
        .raw(true)
        .all() as unknown[][];
      const types = cols.map((c, i) =>
        pgType(
          c.type,
          rows.map((r) => r[i]),
        ),
      );
      await client.query(`CREATE TABLE ${q(t)} (${cols.map((c, i) => `${q(c.name)} ${types[i]}`).join(", ")})`);
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const values = chunk.flatMap((r) =>
          r.map((v, j) => (v === null ? null : types[j] === "text" && typeof v !== "string" ? String(v) : v)),
        );
        const marks = chunk.map((_, r) => `(${cols.map((_, j) => `$${r * cols.length + j + 1}`).join(", ")})`);
        await client.query(`INSERT INTO ${q(t)} VALUES ${marks.join(", ")}`, values);
      }
      const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
      if (pk.length) {
        await client
          .query(`ALTER TABLE ${q(t)} ADD PRIMARY KEY (${pk.map((c) => q(c.name)).join(", ")})`)
          .catch(() => skipped.push(`${t}: primary key (${pk.map((c) => c.name).join(", ")})`));
      }
    }
    for (const t of tables) {
      const fks = db.prepare(`PRAGMA foreign_key_list(${q(t)})`).all() as Array<{
        id: number;
        table: string;
        from: string;
        to: string | null;
      }>;
      for (const id of new Set(fks.map((f) => f.id))) {
        const parts = fks.filter((f) => f.id === id);
        // SQLite matches names without case; PostgreSQL's quoted names must be spelled as declared.
        const ref = tables.find((x) => x.toLowerCase() === parts[0].table.toLowerCase()) ?? parts[0].table;
        const refCols = ref ? (db.prepare(`PRAGMA table_info(${q(ref)})`).all() as Col[]).map((c) => c.name) : [];
        const spell = (c: string) => refCols.find((x) => x.toLowerCase() === c.toLowerCase()) ?? c;
        const to = parts
          .map((f) => f.to)
          .filter((x): x is string => !!x)
          .map(spell);
        const sql =
          `ALTER TABLE ${q(t)} ADD FOREIGN KEY (${parts.map((f) => q(f.from)).join(", ")}) ` +
          `REFERENCES ${q(ref)}${to.length ? ` (${to.map(q).join(", ")})` : ""} NOT VALID`;
        await client.query(sql).catch(() => skipped.push(`${t}: foreign key to ${parts[0].table}`));
      }
    }
    await client.query("ANALYZE");
  } finally {
    await client.end();
    db.close();
  }
  return skipped;
}
